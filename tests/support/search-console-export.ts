// Builds Search Console Performance exports in the documented format (docs/search-data.md): the UI's ZIP holds
// Chart.csv (Date,Clicks,Impressions,CTR,Position, one row a day), Queries.csv, Pages.csv
// (Top pages,Clicks,Impressions,CTR,Position), Countries.csv, Devices.csv, Search appearance.csv and
// Filters.csv (Filter,Value); CTR is written "10%" or "10.5%", positions as decimals. A German export uses
// the German header and a decimal comma ("3,5 %", "4,2").
import { strToU8, zipSync } from 'fflate';
import Papa from 'papaparse';

export type ExportPage = { url: string; clicks: number; impressions: number; position: number };
export type ExportOptions = { language?: 'en' | 'de'; decimalComma?: boolean };

const HEADERS = {
  en: ['Top pages', 'Clicks', 'Impressions', 'CTR', 'Position'],
  de: ['Häufigste Seiten', 'Klicks', 'Impressionen', 'Klickrate', 'Position'],
};

/** Search Console rounds CTR to two decimals and drops trailing zeros: 10%, 10.5%, 3.33%. */
export function ctrText(clicks: number, impressions: number, decimalComma = false): string {
  const percent = impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0;
  const text = String(percent);
  return decimalComma ? `${text.replace('.', ',')} %` : `${text}%`;
}

export function pagesCsv(pages: readonly ExportPage[], options: ExportOptions = {}): string {
  const comma = options.decimalComma ?? false;
  return Papa.unparse([
    HEADERS[options.language ?? 'en'],
    ...pages.map((page) => [
      page.url,
      String(page.clicks),
      String(page.impressions),
      ctrText(page.clicks, page.impressions, comma),
      comma ? String(page.position).replace('.', ',') : String(page.position),
    ]),
  ]);
}

function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${start}T00:00:00Z`);
    d <= new Date(`${end}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

export function exportZip(
  pages: readonly ExportPage[],
  period: { start: string; end: string },
  options: ExportOptions = {},
): Uint8Array {
  const clicks = pages.reduce((sum, page) => sum + page.clicks, 0);
  const impressions = pages.reduce((sum, page) => sum + page.impressions, 0);
  const dayList = days(period.start, period.end);
  const chart = Papa.unparse([
    ['Date', 'Clicks', 'Impressions', 'CTR', 'Position'],
    // Newest first, as the UI writes it.
    ...dayList
      .reverse()
      .map((day) => [
        day,
        String(Math.round(clicks / dayList.length)),
        String(Math.round(impressions / dayList.length)),
        ctrText(clicks, impressions),
        '12.3',
      ]),
  ]);
  return zipSync({
    'Chart.csv': strToU8(chart),
    'Queries.csv': strToU8('Top queries,Clicks,Impressions,CTR,Position\nlinen shirt,3,120,2.5%,7.1\n'),
    'Pages.csv': strToU8(pagesCsv(pages, options)),
    'Countries.csv': strToU8('Country,Clicks,Impressions,CTR,Position\nGermany,3,120,2.5%,7.1\n'),
    'Devices.csv': strToU8('Device,Clicks,Impressions,CTR,Position\nDesktop,3,120,2.5%,7.1\n'),
    'Search appearance.csv': strToU8('Search Appearance,Clicks,Impressions,CTR,Position\n'),
    'Filters.csv': strToU8('Filter,Value\nSearch type,Web\nDate,Last 28 days\n'),
  });
}

export function zipBase64(zip: Uint8Array): string {
  return Buffer.from(zip).toString('base64');
}

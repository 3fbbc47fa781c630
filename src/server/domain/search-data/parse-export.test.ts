import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseCount, parseCtr, parseDecimal, parseSearchExport } from './parse-export';

describe('parseSearchExport', () => {
  it('reads Pages.csv with % CTR and names the columns it read', () => {
    const read = parseSearchExport({
      text: '\uFEFFTop pages,Clicks,Impressions,CTR,Position\nhttps://a.example/x,10,100,10%,1.5\nhttps://a.example/y,21,200,10.5%,12\n',
    });
    expect(read.pages).toEqual([
      { url: 'https://a.example/x', clicks: 10, impressions: 100, ctr: 0.1, position: 1.5 },
      { url: 'https://a.example/y', clicks: 21, impressions: 200, ctr: 0.105, position: 12 },
    ]);
    expect(read.columns).toEqual({
      page: 'Top pages',
      clicks: 'Clicks',
      impressions: 'Impressions',
      ctr: 'CTR',
      position: 'Position',
    });
    expect(read.period).toBeNull();
  });

  it('finds the pages and date tables in a ZIP by their headers, whatever the file names', () => {
    const zip = zipSync({
      'Diagramm.csv': strToU8(
        'Datum,Klicks,Impressionen,CTR,Position\n2026-09-02,1,10,"10 %","4,5"\n2026-09-01,0,0,"0 %",0\n',
      ),
      'Seiten.csv': strToU8(
        'Häufigste Seiten,Klicks,Impressionen,Klickrate,Position\n/a/,3,120,"2,5 %","7,1"\n',
      ),
      'Filter.csv': strToU8('Filter,Wert\nSuchtyp,Web\n'),
    });
    const read = parseSearchExport({ zip });
    expect(read.period).toEqual({ start: '2026-09-01', end: '2026-09-02' });
    expect(read.pages).toEqual([{ url: '/a/', clicks: 3, impressions: 120, ctr: 0.025, position: 7.1 }]);
    expect(read.columns.page).toBe('Häufigste Seiten');
  });

  it('refuses a ZIP without a pages table, naming what it found', () => {
    const zip = zipSync({
      'Queries.csv': strToU8('Top queries,Clicks,Impressions,CTR,Position\nq,1,2,50%,1\n'),
    });
    expect(() => parseSearchExport({ zip })).toThrow(/No pages table found.*Queries\.csv \(Top queries\)/);
    expect(() => parseSearchExport({ zip: new Uint8Array([1, 2, 3]) })).toThrow(/not a readable ZIP/);
  });

  it('refuses a header missing a figure', () => {
    expect(() => parseSearchExport({ text: 'Top pages,Clicks,Impressions\n/a,1,2\n' })).toThrow(
      /no column for ctr, position/,
    );
  });
});

describe('numbers', () => {
  it('reads counts with any thousands separator, decimals with a point or a comma', () => {
    expect(parseCount('1,234', 'x')).toBe(1234);
    expect(parseCount('1.234', 'x')).toBe(1234);
    expect(parseCount('1\u00a0234', 'x')).toBe(1234);
    expect(parseDecimal('4,25', 'x')).toBe(4.25);
    expect(parseDecimal('1.234,5', 'x')).toBe(1234.5);
    expect(() => parseDecimal('abc', 'row 2, Position')).toThrow('row 2, Position: "abc" is not a number.');
  });

  it('reads CTR as a percentage, with a decimal comma, or as the API fraction', () => {
    expect(parseCtr('10%', 'x')).toBe(0.1);
    expect(parseCtr('10.5%', 'x')).toBeCloseTo(0.105, 12);
    expect(parseCtr('3,25 %', 'x')).toBeCloseTo(0.0325, 12);
    expect(parseCtr('0.25', 'x')).toBe(0.25);
    expect(() => parseCtr('150%', 'x')).toThrow(/between 0 and 100%/);
  });
});

// The header names Search Console writes in its Performance export, per UI language. The page and date
// columns are found by these names; clicks, impressions, CTR and position by theirs. Sources: the English
// header "Top pages,Clicks,Impressions,CTR,Position" and Chart.csv/Dates.csv "Date,…" (public importer
// fixtures, docs/search-data.md); German "Häufigste Seiten,Klicks,Impressionen,Klickrate,Position" and French
// "Pages les plus populaires,Clics" from public importers; the others are the UI's own wording of the same
// columns. Matching is case-insensitive and ignores accents, so "Posición" and "Posicion" both count.

export const FIGURES = ['page', 'clicks', 'impressions', 'ctr', 'position'] as const;
export type Figure = (typeof FIGURES)[number];

const NAMES: Record<Figure | 'date', string[]> = {
  page: [
    'top pages',
    'page',
    'pages',
    'url',
    'häufigste seiten',
    'seiten',
    'seite',
    'pages les plus populaires',
    'page',
    'páginas principales',
    'páginas más populares',
    'pagine principali',
    'pagine più visitate',
    'páginas principais',
    'populairste paginas',
    "populairste pagina's",
    'najpopularniejsze strony',
    '上位のページ',
    'ページ',
    '人気网页',
    '热门网页',
    '인기 페이지',
    'popüler sayfalar',
    'mest populära sidor',
    'populære sider',
  ],
  clicks: [
    'clicks',
    'klicks',
    'clics',
    'clic',
    'cliques',
    'klikken',
    'kliknięcia',
    'クリック数',
    '点击次数',
    '클릭수',
    'tıklama',
    'klick',
    'klik',
  ],
  impressions: [
    'impressions',
    'impressionen',
    'impresiones',
    'impressioni',
    'impressões',
    'vertoningen',
    'wyświetlenia',
    '表示回数',
    '展示次数',
    '노출수',
    'gösterim',
    'visningar',
    'visninger',
  ],
  ctr: [
    'ctr',
    'klickrate',
    'taux de clics',
    'tasa de clics',
    'tasso di clic',
    'taxa de cliques',
    'ctr (%)',
    '点击率',
    '클릭률',
    'tbo',
  ],
  position: [
    'position',
    'average position',
    'posición',
    'posición media',
    'posizione',
    'posição',
    'positie',
    'pozycja',
    '掲載順位',
    '排名',
    '게재순위',
    'konum',
    'placering',
    'plassering',
  ],
  date: ['date', 'datum', 'fecha', 'data', 'datos', '日付', '日期', '날짜', 'tarih', 'dato'],
};

function fold(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

const BY_NAME = new Map<string, Figure | 'date'>();
for (const [figure, names] of Object.entries(NAMES) as [Figure | 'date', string[]][]) {
  for (const name of names) BY_NAME.set(fold(name), figure);
}

/** Which figure a header cell names, or null. */
export function figureOf(header: string): Figure | 'date' | null {
  return BY_NAME.get(fold(header)) ?? null;
}

// How the Search Console figures read on screen: CTR as a percentage, positions with one decimal.

export function formatPercent(fraction: number | null | undefined, digits = 2): string {
  if (fraction === null || fraction === undefined) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

export function formatPosition(position: number | null | undefined): string {
  return position === null || position === undefined ? '—' : position.toFixed(1);
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : Math.round(value).toLocaleString('en-US');
}

export function formatSigned(value: number | null, format: (value: number) => string): string {
  if (value === null) return '—';
  return `${value > 0 ? '+' : value < 0 ? '−' : '±'}${format(Math.abs(value))}`;
}

/** The file as base64 without a data: prefix, a chunk at a time (a whole export at once overflows the stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export const searchKeys = {
  priorities: (bundleId: number) => ['search-priorities', bundleId] as const,
  report: (bundleId: number) => ['search-report', bundleId] as const,
};

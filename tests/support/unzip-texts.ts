import { unzipSync } from 'fflate';

/** The files of a zip answer, by name, as text. */
export function unzipTexts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  return Object.fromEntries(
    Object.entries(files).map(([name, data]) => [name, new TextDecoder().decode(data)]),
  );
}

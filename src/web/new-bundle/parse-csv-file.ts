// Runs the CSV worker for one file and resolves with its answer; the worker ends with the parse.
import type { ParseCsvRequest, ParseCsvResponse } from './parse-csv.worker';

/** Bigger files would not fit in one new-bundle request (BUNDLE_LIMITS.maxBodyBytes) even after mapping. */
export const MAX_IMPORT_FILE_BYTES = 100 * 1024 * 1024;

export function parseCsvFile(file: File): Promise<ParseCsvResponse> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    return Promise.resolve({ error: 'The file is larger than 100 MB. Split it into smaller files.' });
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./parse-csv.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ParseCsvResponse>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ error: event.message || 'The file could not be read.' });
    };
    worker.postMessage({ file } satisfies ParseCsvRequest);
  });
}

// Parses an imported CSV or TSV file off the main thread: a 50,000-row store export takes long enough to
// freeze the page. It answers with the products ready to map (see prepareImport).
import { type ImportTable, parseDelimitedText, prepareImport } from '../../common/store-files/product-import';

export type ParseCsvRequest = { file: File };
export type ParseCsvResponse = { table: ImportTable; parseErrors: string[] } | { error: string };

self.onmessage = async (event: MessageEvent<ParseCsvRequest>) => {
  let response: ParseCsvResponse;
  try {
    const { rows, errors } = parseDelimitedText(await event.data.file.text());
    response =
      rows.length === 0
        ? { error: 'The file is empty.' }
        : { table: prepareImport(rows), parseErrors: errors };
  } catch (error) {
    response = { error: error instanceof Error ? error.message : 'The file could not be read.' };
  }
  self.postMessage(response);
};

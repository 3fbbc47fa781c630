// The Import side of the Product List: our own uploader for CSV and TSV files (drop or choose), parsed in a
// web worker, then mapped by ImportMapping.
import { Alert, Button, FileButton, Loader, Paper, Stack, Text } from '@mantine/core';
import { type DragEvent, useRef, useState } from 'react';
import type { ColumnMapping } from '../../common/store-files/import-columns';
import type { ImportTable, ProductList } from '../../common/store-files/product-import';
import { ImportMapping } from './import-mapping';
import { parseCsvFile } from './parse-csv-file';

/** A read file: its text goes to the server as a store export when it is one, so the store's own fields survive. */
export type ImportedFile = { fileName: string; text: string; table: ImportTable; parseErrors: string[] };

type ProductImportProps = {
  imported: ImportedFile | null;
  mapping: ColumnMapping | null;
  productList: ProductList | null;
  onImported: (imported: ImportedFile) => void;
  onMappingChange: (mapping: ColumnMapping) => void;
};

const ACCEPT = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

export function ProductImport({
  imported,
  mapping,
  productList,
  onImported,
  onMappingChange,
}: ProductImportProps) {
  const reader = useProductFileReader(onImported);
  return (
    <Stack gap="sm">
      <FileDropZone reader={reader} />
      {reader.error && (
        <Alert color="red" variant="light" role="alert">
          {reader.error}
        </Alert>
      )}
      {imported && mapping && productList && (
        <ImportMapping
          fileName={imported.fileName}
          table={imported.table}
          mapping={mapping}
          productCount={productList.productCount}
          skipped={productList.skipped}
          parseErrors={imported.parseErrors}
          onMappingChange={onMappingChange}
        />
      )}
    </Stack>
  );
}

/** Reads a dropped or chosen file in the worker, and says whether it is reading, and why it failed. */
function useProductFileReader(onImported: (imported: ImportedFile) => void) {
  const [isReading, setIsReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const resetRef = useRef<() => void>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    setIsReading(true);
    setError(null);
    const [result, text] = await Promise.all([parseCsvFile(file), file.text().catch(() => '')]);
    setIsReading(false);
    // The same file can be chosen again after a fix.
    resetRef.current?.();
    if ('error' in result) setError(result.error);
    else onImported({ fileName: file.name, text, table: result.table, parseErrors: result.parseErrors });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    void read(event.dataTransfer.files[0] ?? null);
  };

  return { isReading, error, isDragging, setIsDragging, resetRef, read, onDrop };
}

function FileDropZone({ reader }: { reader: ReturnType<typeof useProductFileReader> }) {
  const { isReading, isDragging, setIsDragging } = reader;
  return (
    <Paper
      withBorder
      p="lg"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={reader.onDrop}
      bg={isDragging ? 'teal.0' : undefined}
      style={{ borderStyle: 'dashed', borderWidth: 2 }}
    >
      <Stack align="center" gap={6}>
        <Text fw={500}>Drop a CSV or TSV file here</Text>
        <Text size="xs" c="dimmed" ta="center">
          Shopify and WooCommerce product exports work as they are; other files are matched by their column
          names.
        </Text>
        <FileButton
          onChange={reader.read}
          accept={ACCEPT}
          resetRef={reader.resetRef}
          inputProps={{ 'aria-label': 'Product file (CSV or TSV)' }}
        >
          {(props) => (
            <Button {...props} variant="light" disabled={isReading}>
              Choose a file
            </Button>
          )}
        </FileButton>
        {isReading && <Loader size="sm" aria-label="Reading the file" />}
      </Stack>
    </Paper>
  );
}

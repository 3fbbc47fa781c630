// The mapping of an imported file: one Select per product-list column, guessed and correctable, and a
// preview of the first products as they will be sent.
import { Alert, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { languageName } from '../../common/languages/detect-language';
import {
  type ColumnMapping,
  IMPORT_COLUMNS,
  type ImportColumn,
} from '../../common/store-files/import-columns';
import {
  FORMAT_LABELS,
  type ImportTable,
  mappedColumns,
  mapRecord,
} from '../../common/store-files/product-import';

const PREVIEW_ROWS = 5;

const COLUMN_HINTS: Partial<Record<ImportColumn, string>> = {
  title: 'Required',
  image_urls: 'Several images are sent separated by |',
  size: 'Store option, sent as size',
};

type ImportMappingProps = {
  fileName: string;
  table: ImportTable;
  mapping: ColumnMapping;
  productCount: number;
  skipped: number;
  parseErrors: string[];
  onMappingChange: (mapping: ColumnMapping) => void;
};

export function ImportMapping(props: ImportMappingProps) {
  const { table, mapping } = props;
  const columns = mappedColumns(mapping);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {props.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {FORMAT_LABELS[table.format]}
          {table.headerLanguage && ` (header in ${languageName(table.headerLanguage)})`} ·{' '}
          {props.productCount} {props.productCount === 1 ? 'product' : 'products'}
          {props.skipped > 0 && ` · ${props.skipped} without a title left out`}
        </Text>
      </Group>
      {[...table.warnings, ...props.parseErrors].map((warning) => (
        <Alert key={warning} color="yellow" variant="light" p="xs">
          {warning}
        </Alert>
      ))}
      {mapping.title === null && (
        <Alert color="red" variant="light" p="xs" role="alert">
          Choose the column that holds the product title.
        </Alert>
      )}
      <Text size="sm">Check which column of your file fills each product-list column:</Text>
      <ColumnSelects headers={table.headers} mapping={mapping} onMappingChange={props.onMappingChange} />
      {columns.length > 0 && <MappingPreview table={table} mapping={mapping} columns={columns} />}
    </Stack>
  );
}

type ColumnSelectsProps = {
  headers: string[];
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
};

/** One Select per product-list column, offering the file's columns. */
function ColumnSelects({ headers, mapping, onMappingChange }: ColumnSelectsProps) {
  const options = useMemo(
    () =>
      headers.map((header, index) => ({
        value: String(index),
        label: header || `Column ${index + 1}`,
      })),
    [headers],
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      {IMPORT_COLUMNS.map((column) => (
        <Select
          key={column}
          label={`${column} column`}
          description={COLUMN_HINTS[column]}
          placeholder="Not in this file"
          data={options}
          value={mapping[column] === null ? null : String(mapping[column])}
          onChange={(value) =>
            onMappingChange({ ...mapping, [column]: value === null ? null : Number(value) })
          }
          clearable
          searchable
          size="xs"
        />
      ))}
    </SimpleGrid>
  );
}

type MappingPreviewProps = { table: ImportTable; mapping: ColumnMapping; columns: ImportColumn[] };

/** The first products as they will be sent, in the mapped columns. */
function MappingPreview({ table, mapping, columns }: MappingPreviewProps) {
  const preview = useMemo(
    () => table.records.slice(0, PREVIEW_ROWS).map((record) => mapRecord(record, mapping)),
    [table.records, mapping],
  );
  return (
    <Table.ScrollContainer minWidth={columns.length * 160}>
      <Table withTableBorder fz="xs" captionSide="top" style={{ tableLayout: 'fixed' }}>
        <Table.Caption>
          Preview of the first {Math.min(PREVIEW_ROWS, table.records.length)} rows
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.map((product, row) => (
            // Preview rows have no identity of their own; their order is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Table.Tr key={row}>
              {columns.map((column) => (
                <Table.Td key={column}>
                  <Text size="xs" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                    {product[column] ?? ''}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

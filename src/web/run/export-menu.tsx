// The Export CSV/JSON button (SPEC §2): the SPEC §3 CSV as generated.csv, the same rows as JSON, and a
// Shopify product-import CSV.
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CSV_EXPORT_FILE_NAME } from '../../common/constants';
import type { BundleWorkflowProduct } from '../../common/entities';
import {
  buildExportRows,
  buildShopifyCsv,
  exportRowsToCsv,
  exportRowsToJson,
} from '../../common/export-rows';
import { downloadText } from './download-file';

const JSON_FILE_NAME = CSV_EXPORT_FILE_NAME.replace(/\.csv$/, '.json');
const SHOPIFY_FILE_NAME = 'shopify-products.csv';

type ExportFormat = {
  label: string;
  fileName: string;
  type: string;
  build: (products: BundleWorkflowProduct[]) => string;
};

const FORMATS: ExportFormat[] = [
  { label: 'CSV', fileName: CSV_EXPORT_FILE_NAME, type: 'text/csv', build: buildGeneratedCsv },
  { label: 'JSON', fileName: JSON_FILE_NAME, type: 'application/json', build: buildGeneratedJson },
  { label: 'Shopify product CSV', fileName: SHOPIFY_FILE_NAME, type: 'text/csv', build: buildShopifyCsv },
];

function buildGeneratedCsv(products: BundleWorkflowProduct[]): string {
  return exportRowsToCsv(buildExportRows(products));
}

function buildGeneratedJson(products: BundleWorkflowProduct[]): string {
  return exportRowsToJson(buildExportRows(products));
}

function exportAs({ build, fileName, type }: ExportFormat, products: BundleWorkflowProduct[]) {
  try {
    downloadText(build(products), fileName, type);
  } catch (error) {
    notifications.show({
      color: 'red',
      title: 'Could not export',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

export function ExportMenu({ products }: { products: BundleWorkflowProduct[] | undefined }) {
  const isEmpty = !products || products.length === 0;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" disabled={isEmpty}>
          Export CSV/JSON
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map((format) => (
          <Menu.Item key={format.fileName} onClick={() => exportAs(format, products ?? [])}>
            {format.label} ({format.fileName})
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

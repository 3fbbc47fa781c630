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

function exportWith(build: () => string, fileName: string, type: string) {
  try {
    downloadText(build(), fileName, type);
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
        <Menu.Item
          onClick={() =>
            exportWith(
              () => exportRowsToCsv(buildExportRows(products ?? [])),
              CSV_EXPORT_FILE_NAME,
              'text/csv',
            )
          }
        >
          CSV ({CSV_EXPORT_FILE_NAME})
        </Menu.Item>
        <Menu.Item
          onClick={() =>
            exportWith(
              () => exportRowsToJson(buildExportRows(products ?? [])),
              JSON_FILE_NAME,
              'application/json',
            )
          }
        >
          JSON ({JSON_FILE_NAME})
        </Menu.Item>
        <Menu.Item
          onClick={() => exportWith(() => buildShopifyCsv(products ?? []), SHOPIFY_FILE_NAME, 'text/csv')}
        >
          Shopify product CSV ({SHOPIFY_FILE_NAME})
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

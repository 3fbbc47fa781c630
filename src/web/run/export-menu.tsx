// The Export CSV/JSON button (SPEC §2): every format is written by the server's export-bundle, streamed from
// the database, and saved under the filename the server gives it (the bundle's name and the format). "Only
// approved products" exports just the products approved in review. The Merchant Center feed and
// the WooCommerce redirects ask for their options first (merchant-export-form.tsx), the Merchant feed warning
// of items without identifiers; the JSON-LD asks for the currency when the prices name none
// (use-checked-export.tsx); the shopping agent feed asks for the seller's details once (agent-feed-form.tsx).
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CSV_EXPORT_FILE_NAME } from '../../common/contract/constants';
import type { FunctionRequest } from '../../common/contract/functions';
import { describeError, type InvokeError, invoke } from '../api/invoke';
import { downloadBlob } from '../lib/download-file';
import { type AgentFeedOptions, useAgentFeedExport } from './agent-feed-form';
import {
  type ExportOptions,
  ExportOptionsModal,
  type FormatWithOptions,
  type MerchantIdScheme,
} from './merchant-export-form';
import { useCheckedExport } from './use-checked-export';

type ExportFormatName = FunctionRequest<'export-bundle'>['format'];

type ExportFormat = {
  format: ExportFormatName;
  label: string;
  /** The name to save under if the answer carries no Content-Disposition filename. */
  fallbackFileName: string;
};

const FORMATS: readonly ExportFormat[] = [
  { format: 'csv', label: `CSV (${CSV_EXPORT_FILE_NAME})`, fallbackFileName: CSV_EXPORT_FILE_NAME },
  { format: 'json', label: 'JSON', fallbackFileName: 'generated.json' },
  { format: 'shopify', label: 'Shopify product CSV', fallbackFileName: 'shopify-products.csv' },
  // The run's further languages, for Shopify's Translate & Adapt import (its products need their store ids).
  {
    format: 'shopify-translations',
    label: 'Shopify translations CSV',
    fallbackFileName: 'shopify-translations.csv',
  },
  { format: 'woocommerce', label: 'WooCommerce product CSV', fallbackFileName: 'woocommerce-products.csv' },
  // A zip: the supplemental feed (ids in the main feed's scheme) and the report of the products without one.
  { format: 'merchant', label: 'Google Merchant Center feed', fallbackFileName: 'merchant-feed.zip' },
  { format: 'redirects', label: 'Shopify URL redirects', fallbackFileName: 'redirects.csv' },
  {
    format: 'woocommerce-redirects',
    label: 'WooCommerce redirects (Redirection plugin)',
    fallbackFileName: 'woocommerce-redirects.csv',
  },
  { format: 'jsonld', label: 'JSON-LD structured data', fallbackFileName: 'structured-data.jsonld' },
  // A zip: products.jsonl and metadata.json (the protocol's files), and the report of what was left out.
  { format: 'agent-feed', label: 'Shopping agent feed (ChatGPT)', fallbackFileName: 'agent-feed.zip' },
];
const AGENT_FEED = FORMATS.find((format) => format.format === 'agent-feed')!;
const JSONLD = FORMATS.find((format) => format.format === 'jsonld')!;

type Options = ExportOptions | AgentFeedOptions | Pick<FunctionRequest<'export-bundle'>, 'currency'>;

const failed = (error: InvokeError) =>
  notifications.show({ color: 'red', title: 'Could not export', message: describeError(error) });

const WITH_OPTIONS: ReadonlySet<ExportFormatName> = new Set<FormatWithOptions>([
  'merchant',
  'woocommerce-redirects',
]);

async function exportAs(
  bundleWorkflowId: number,
  { format, fallbackFileName }: ExportFormat,
  onlyApproved: boolean,
  options: Options,
): Promise<InvokeError | null> {
  const result = await invoke('export-bundle', {
    bundle_workflow_id: bundleWorkflowId,
    format,
    ...(onlyApproved ? { only_approved: true } : {}),
    ...options,
  });
  if (result.error) return result.error;
  downloadBlob(new Blob([result.data]), result.fileName ?? fallbackFileName);
  return null;
}

/** One download at a time: `exportWith` resolves to the export's error, `onExport` shows it as a notification. */
function useExportDownload(bundleWorkflowId: number | undefined, onlyApproved: boolean) {
  const [exporting, setExporting] = useState<ExportFormatName | null>(null);
  async function exportWith(format: ExportFormat, options: Options = {}): Promise<InvokeError | null> {
    if (bundleWorkflowId === undefined) return null;
    setExporting(format.format);
    try {
      return await exportAs(bundleWorkflowId, format, onlyApproved, options);
    } finally {
      setExporting(null);
    }
  }
  const onExport = async (format: ExportFormat, options: Options = {}) => {
    const error = await exportWith(format, options);
    if (error) failed(error);
  };
  return { exporting, exportWith, onExport };
}

export function ExportMenu({
  bundleWorkflowId,
  productCount,
  approvedCount,
  storeScheme,
}: {
  /** The run to export; undefined while it loads. */
  bundleWorkflowId: number | undefined;
  productCount: number;
  /** How many products are approved, for the "only approved" choice. */
  approvedCount: number;
  /** The id scheme of the store the bundle came from, the Merchant feed's default (storeMerchantScheme). */
  storeScheme: MerchantIdScheme | null;
}) {
  const [onlyApproved, setOnlyApproved] = useState(false);
  const [asking, setAsking] = useState<ExportFormat | null>(null);
  const isDisabled = bundleWorkflowId === undefined || productCount === 0;
  const { exporting, exportWith, onExport } = useExportDownload(bundleWorkflowId, onlyApproved);

  const agentFeed = useAgentFeedExport((options) => void onExport(AGENT_FEED, options));
  const checked = useCheckedExport({
    bundleWorkflowId,
    exportJsonLd: (options) => exportWith(JSONLD, options),
    failed,
  });

  function onChoose(format: ExportFormat) {
    if (format.format === 'agent-feed') agentFeed.choose();
    else if (format.format === 'merchant') void checked.chooseMerchant(() => setAsking(format));
    else if (format.format === 'jsonld') void checked.chooseJsonLd();
    else if (WITH_OPTIONS.has(format.format)) setAsking(format);
    else void onExport(format);
  }

  const asksFirst = (format: ExportFormatName) =>
    WITH_OPTIONS.has(format) || (format === 'agent-feed' && !agentFeed.sellerKnown);

  return (
    <>
      <ExportOptionsModal
        format={asking ? (asking.format as FormatWithOptions) : null}
        storeScheme={storeScheme}
        merchantWarning={checked.merchantWarning}
        onClose={() => setAsking(null)}
        onExport={(options) => {
          if (asking) void onExport(asking, options);
          setAsking(null);
        }}
      />
      {agentFeed.modal}
      {checked.currencyModal}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" disabled={isDisabled} loading={exporting !== null}>
            Export CSV/JSON
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* A menu may hold only menu items: the choice is a menuitemcheckbox, which keeps the menu open. */}
          <Menu.CheckboxItem checked={onlyApproved} onChange={setOnlyApproved}>
            {`Only approved products (${approvedCount})`}
          </Menu.CheckboxItem>
          <Menu.Divider />
          {FORMATS.map((format) => (
            <Menu.Item key={format.format} onClick={() => onChoose(format)}>
              {asksFirst(format.format) ? `${format.label}…` : format.label}
            </Menu.Item>
          ))}
          {agentFeed.sellerKnown && (
            <Menu.Item onClick={agentFeed.ask}>Seller details for the agent feed…</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

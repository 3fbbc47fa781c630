// The Export CSV/JSON button (SPEC §2): every format is written by the server's export-bundle, streamed from
// the database, and saved under the filename the server gives it (the bundle's name and the format). "Only
// approved products" exports just the products approved in review. The Merchant Center feed and
// the WooCommerce redirects ask for their options first (merchant-export-form.tsx); the shopping agent feed
// asks for the seller's details once (agent-feed-form.tsx).
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CSV_EXPORT_FILE_NAME } from '../../common/contract/constants';
import type { FunctionRequest } from '../../common/contract/functions';
import { describeError, invoke } from '../api/invoke';
import { downloadBlob } from '../lib/download-file';
import { type AgentFeedOptions, useAgentFeedExport } from './agent-feed-form';
import {
  type ExportOptions,
  ExportOptionsModal,
  type FormatWithOptions,
  type MerchantIdScheme,
} from './merchant-export-form';

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

const WITH_OPTIONS: ReadonlySet<ExportFormatName> = new Set<FormatWithOptions>([
  'merchant',
  'woocommerce-redirects',
]);

async function exportAs(
  bundleWorkflowId: number,
  { format, fallbackFileName }: ExportFormat,
  onlyApproved: boolean,
  options: ExportOptions | AgentFeedOptions,
) {
  const result = await invoke('export-bundle', {
    bundle_workflow_id: bundleWorkflowId,
    format,
    ...(onlyApproved ? { only_approved: true } : {}),
    ...options,
  });
  if (result.error) {
    notifications.show({ color: 'red', title: 'Could not export', message: describeError(result.error) });
    return;
  }
  downloadBlob(new Blob([result.data]), result.fileName ?? fallbackFileName);
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
  const [exporting, setExporting] = useState<ExportFormatName | null>(null);
  const [onlyApproved, setOnlyApproved] = useState(false);
  const [asking, setAsking] = useState<ExportFormat | null>(null);
  const isDisabled = bundleWorkflowId === undefined || productCount === 0;

  async function onExport(format: ExportFormat, options: ExportOptions | AgentFeedOptions = {}) {
    if (bundleWorkflowId === undefined) return;
    setExporting(format.format);
    try {
      await exportAs(bundleWorkflowId, format, onlyApproved, options);
    } finally {
      setExporting(null);
    }
  }

  const agentFeed = useAgentFeedExport((options) => void onExport(AGENT_FEED, options));

  function onChoose(format: ExportFormat) {
    if (format.format === 'agent-feed') agentFeed.choose();
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
        onClose={() => setAsking(null)}
        onExport={(options) => {
          if (asking) void onExport(asking, options);
          setAsking(null);
        }}
      />
      {agentFeed.modal}
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

// The agent feed as the protocol's offline form prescribes it (docs/agent-feed.md): products.jsonl, one Product
// per line, and metadata.json, one FeedMetadata; beside them in the zip, the report of what was left out.
import { agentFeedProduct, type LeftOut } from './agent-feed';
import { writeCells } from './column-kinds';
import type { ExportOptions, ExportWriter } from './export-writer';
import { asGroup } from './product-keys';
import { reportCsv } from './rows';

export const AGENT_FEED_REPORT_HEADERS = ['product_id', 'name', 'handle', 'sku', 'reason'] as const;

export function agentFeedWriter({ agentFeed, currency }: ExportOptions): ExportWriter {
  if (!agentFeed) throw new Error('The agent feed writer needs its seller and metadata.');
  const leftOut: LeftOut[] = [];
  const productIds = new Set<string>();
  const context = { seller: agentFeed.seller, storeUrl: agentFeed.storeUrl, currency: currency ?? null };
  const metadata = {
    id: agentFeed.feedId,
    ...(agentFeed.targetCountry ? { target_country: agentFeed.targetCountry } : {}),
    updated_at: agentFeed.now.toISOString(),
  };
  return {
    contentType: 'application/zip',
    extension: 'jsonl',
    suffix: 'agent-feed',
    entryName: 'products.jsonl',
    grouped: true,
    head: '',
    // Every line ends with its own newline: an empty feed is an empty file, not a blank line.
    separator: '',
    tail: '',
    pieces: (members) => {
      if (members.length === 0) return [];
      const group = asGroup(members);
      const out = agentFeedProduct(group, context);
      leftOut.push(...out.leftOut);
      if (!out.product) return [];
      // Product.id must be stable and unique: a pasted list's handles come from names, which two may share.
      const id = productIds.has(out.product.id)
        ? `${out.product.id}-${group.parent.product_id}`
        : out.product.id;
      productIds.add(id);
      return [`${JSON.stringify({ ...out.product, id })}\n`];
    },
    reports: [
      { fileName: () => 'metadata.json', text: () => `${JSON.stringify(metadata, null, 2)}\n` },
      {
        fileName: (stem) => `${stem}-agent-feed-left-out.csv`,
        text: () =>
          reportCsv(
            AGENT_FEED_REPORT_HEADERS,
            leftOut.map((item) =>
              writeCells('agent-feed-report', AGENT_FEED_REPORT_HEADERS, [
                String(item.productId),
                item.name,
                item.handle,
                item.sku,
                item.reason,
              ]),
            ),
          ),
      },
    ],
  };
}

// The contract's bundle functions: list, create (from a list or a store export), estimate, cap and delete.
import { z } from 'zod';
import { bundleSummarySchema, customFieldsSchema } from '../entities';
import { catalogueLanguageSchema, languageTag } from '../language';
import { bundleName, currencyCode, id, listColumns, noBody, spendingCap } from './schema-parts';

export const STORE_EXPORT_FORMATS = ['shopify', 'woocommerce', 'auto'] as const;
export type StoreExportFormat = (typeof STORE_EXPORT_FORMATS)[number];

/** A Shopify or WooCommerce product export as the store wrote it; 'auto' tells the two apart by the header. */
export const storeExportSchema = z.object({
  format: z.enum(STORE_EXPORT_FORMATS, {
    error: (issue) =>
      `Unknown store export format ${JSON.stringify(issue.input)}; use shopify, woocommerce or auto.`,
  }),
  text: z.string(),
});

export const bundleFunctions = {
  'list-bundles': {
    request: noBody,
    response: z.object({ bundles: z.array(bundleSummarySchema) }),
  },
  'new-bundle': {
    request: z
      .object({
        bundle_name: bundleName,
        /** The SPEC's product list: the columns in order, and one product per line. */
        columns: listColumns.optional(),
        raw_csv: z.string().optional(),
        /** Instead of columns + raw_csv: a store's product export, mapped on the server. */
        store_export: storeExportSchema.optional(),
        custom_fields: customFieldsSchema.default({
          keywords: '',
          url_template: '',
          business_type: '',
          tone_of_voice: '',
        }),
        workflow_id: id.optional(),
        /** Pause the bundle's runs once they have cost this much (USD). */
        spending_cap_usd: spendingCap.optional(),
        /**
         * Fill empty, don't overwrite: the store's existing SEO title, meta description, description
         * and image alt texts stay as they are, and new copy goes only where the store left a field empty.
         */
        fill_empty_only: z.boolean().optional(),
        /** The currency of the store's prices (ISO 4217), for the offers of the structured data. */
        currency: currencyCode.optional(),
        /**
         * The catalogue's language (BCP 47: fr, de, pt-BR), which copy is written in when the workflow names
         * none. Without it the language is detected from the products' names and bodies.
         */
        language: languageTag.optional(),
      })
      .superRefine((body, ctx) => {
        const hasList = body.columns !== undefined || body.raw_csv !== undefined;
        const hasStoreExport = body.store_export !== undefined;
        if (
          hasList === hasStoreExport ||
          (hasList && (body.columns === undefined || body.raw_csv === undefined))
        ) {
          ctx.addIssue({
            code: 'custom',
            message: 'Send either columns and raw_csv, or store_export; exactly one of the two.',
          });
        }
      }),
    response: z.object({ bundle_id: id, workflow_id: id, bundle_workflow_id: id }),
  },
  'estimate-cost': {
    /** For a bundle that exists (bundle_id), or for a list not yet sent (columns, raw_csv, custom_fields). */
    request: z
      .object({
        workflow_id: id,
        bundle_id: id.optional(),
        columns: listColumns.optional(),
        raw_csv: z.string().optional(),
        custom_fields: customFieldsSchema.optional(),
      })
      .refine((body) => body.bundle_id !== undefined || body.raw_csv !== undefined, {
        message: 'Give bundle_id, or columns and raw_csv.',
      }),
    response: z.object({
      model: z.string(),
      products: z.number(),
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
      /** USD; null when no price is known for the model. */
      cost_usd: z.number().nullable(),
      /** The share of products expected to take a repair call (included above): measured per kind, or 0.3. */
      repair_rate: z.number().optional(),
      /** Products whose prompts were counted: all of them, or an even sample of a list over 1,000 (scaled). */
      sampled: z.number().optional(),
      /** Of prompt_tokens, every product's first call, as the run sends it (repairs are the rest). */
      first_call_prompt_tokens: z.number().optional(),
      /** The tokenizer the counts come from; `stands_in` when the model's own is unknown. */
      tokenizer: z.object({ encoding: z.string(), stands_in: z.boolean(), note: z.string() }).optional(),
      /**
       * The catalogue's language: for a list, as new-bundle would detect it; for a bundle, as it was decided.
       * new-bundle's `language` overrides a detected one.
       */
      language: catalogueLanguageSchema.optional(),
    }),
  },
  /** The signed-in user's spend on the server's key this calendar month (UTC), and the operator's budget. */
  'view-spend': {
    request: noBody,
    response: z.object({
      /** "2026-11": the month counted, in UTC. */
      month: z.string(),
      /**
       * USD this month on the runs you started in this workspace, calls not yet settled counted at their
       * reservation (which `reserved_usd` names).
       */
      spent_usd: z.number(),
      reserved_usd: z.number(),
      /** Your monthly budget here: the one an owner set you, else USER_MONTHLY_BUDGET_USD; null for none. */
      monthly_budget_usd: z.number().nullable(),
      /** The whole workspace's spend this month, and its own budget (null for none). */
      workspace_spent_usd: z.number(),
      workspace_monthly_budget_usd: z.number().nullable(),
    }),
  },
  'set-spending-cap': {
    request: z.object({ bundle_id: id, spending_cap_usd: spendingCap.nullable() }),
    response: z.object({ spending_cap_usd: z.number().nullable(), resumed: z.number() }),
  },
  'set-bundle-currency': {
    /** The currency of the bundle's prices, or null to forget it (the structured data then has no offers). */
    request: z.object({ bundle_id: id, currency: currencyCode.nullable() }),
    response: z.object({ currency: z.string().nullable() }),
  },
  'delete-bundle': {
    request: z.object({ bundle_id: id }),
    response: z.object({ deleted: z.literal(true) }),
  },
} as const;

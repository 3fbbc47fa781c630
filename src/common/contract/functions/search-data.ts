// The contract's Search Console functions: import an export, read the priorities and the
// before/after report, and set the bundle's expected-CTR curve.
import { z } from 'zod';
import { id } from './schema-parts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const period = z.object({ start: z.string(), end: z.string() });
const figures = z.object({
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number(),
  position: z.number(),
});
const window = z.object({ import_id: id, start: z.string(), end: z.string(), days: z.number() });
/** A curve: [position, CTR as a fraction] pairs, and where it comes from. */
export const ctrCurveSchema = z.object({
  source: z.string(),
  points: z.array(z.tuple([z.number(), z.number()])),
});

export const searchPrioritySchema = z.object({
  product_id: id,
  name: z.string(),
  url: z.string().nullable(),
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number(),
  position: z.number(),
  expected_ctr: z.number(),
  missed_clicks: z.number(),
  /** False under 100 impressions: "not enough data". */
  enough_data: z.boolean(),
});
export type SearchPriority = z.infer<typeof searchPrioritySchema>;

const reportRowSchema = z.object({
  product_id: id,
  name: z.string(),
  group: z.enum(['rewritten', 'control', 'not comparable']),
  reason: z.string().nullable(),
  exported_at: z.string().nullable(),
  before: figures.nullable(),
  after: figures.nullable(),
  ctr_change: z.number().nullable(),
  position_move: z.number().nullable(),
  verdict: z.enum([
    'credited',
    'inconclusive (position moved)',
    'no data in one window',
    'control',
    'not comparable',
  ]),
});
const groupSchema = z.object({
  group: z.enum(['rewritten', 'rewritten (position moved)', 'control']),
  products: z.number(),
  before: figures.nullable(),
  after: figures.nullable(),
});
export const searchReportSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('no_import') }),
  z.object({ status: z.literal('no_before_window'), after: window, message: z.string() }),
  z.object({
    status: z.literal('ready'),
    before: window,
    after: window,
    products: z.array(reportRowSchema),
    groups: z.array(groupSchema),
    bundle: z.object({ products: z.number(), before: figures.nullable(), after: figures.nullable() }),
    excluded: z.object({ no_data_in_one_window: z.number(), not_comparable: z.number() }),
  }),
]);
export type SearchReport = z.infer<typeof searchReportSchema>;

/** A Performance export's ZIP is a few hundred KB; Pages.csv alone far less. */
export const SEARCH_IMPORT_MAX_CHARS = 20_000_000;

export const searchDataFunctions = {
  'import-search-data': {
    request: z
      .object({
        bundle_id: id,
        /** Pages.csv as text. */
        text: z.string().max(SEARCH_IMPORT_MAX_CHARS).optional(),
        /** The Performance export ZIP, base64. */
        zip_base64: z.string().max(SEARCH_IMPORT_MAX_CHARS).optional(),
        /** Needed for Pages.csv alone; a ZIP states its own period (Chart.csv/Dates.csv). */
        period_start: isoDay.optional(),
        period_end: isoDay.optional(),
      })
      .refine((body) => (body.text === undefined) !== (body.zip_base64 === undefined), {
        message: 'Send either text (Pages.csv) or zip_base64 (the export ZIP); exactly one of the two.',
      }),
    response: z.object({
      import_id: id,
      /** Pages matched to a product, and how many products they matched. */
      matched: z.number(),
      matched_products: z.number(),
      unmatched: z.array(z.string()),
      period,
      /** The header each figure was read from (page, clicks, impressions, ctr, position). */
      columns_read: z.record(z.string(), z.string()),
      page_rows: z.number(),
    }),
  },
  'view-search-priorities': {
    request: z.object({ bundle_id: id }),
    response: z.object({
      import: z
        .object({
          id,
          period,
          columns_read: z.record(z.string(), z.string()),
          page_rows: z.number(),
          unmatched: z.array(z.string()),
        })
        .nullable(),
      curve: ctrCurveSchema,
      /** Most missed clicks first; products under 100 impressions last. */
      products: z.array(searchPrioritySchema),
    }),
  },
  'set-ctr-curve': {
    request: z.object({
      bundle_id: id,
      /** "position, CTR" a line (e.g. "1\t28.5%"); null goes back to the default (AWR desktop). */
      curve: z.string().max(20_000).nullable(),
    }),
    response: ctrCurveSchema,
  },
  'view-search-report': {
    request: z.object({ bundle_id: id, import_id: id.optional() }),
    response: searchReportSchema,
  },
} as const;

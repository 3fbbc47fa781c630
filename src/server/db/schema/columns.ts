import { type PgTextBuilderInitial, text, timestamp } from 'drizzle-orm/pg-core';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

type TextField = Extract<(typeof COPY_FIELD_REGISTRY)[number], { holds: 'text' }>;
type CopyTextColumns = {
  [F in TextField as F['key']]: PgTextBuilderInitial<F['column'], [string, ...string[]]>;
};

/**
 * A text column per copy field held on the product's row (the registry's, in its order): the copy of
 * bundle_workflow_products and of product_versions. A new field is a registry entry and its migration.
 */
export const copyTextColumns = (): CopyTextColumns =>
  Object.fromEntries(
    COPY_FIELD_REGISTRY.filter((field) => field.holds === 'text').map((field) => [
      field.key,
      text(field.column),
    ]),
  ) as CopyTextColumns;

// Rows of raw SQL, typed and checked by the schema. Most queries use the query builder, whose rows
// drizzle types from the tables. Where SQL stays raw (keyset pages, snapshots, CTEs that write), its columns
// are described once here from the schema's own columns: `rowOf(products, ['id', 'details'])` reads the SQL
// names (`id`, `details`), maps each value as drizzle would (timestamps arrive as strings, numerics as text)
// and answers the schema's type, `Pick<typeof products.$inferSelect, 'id' | 'details'>`. Columns the SQL
// computes (counts, sums, flags) are named with a zod schema of their own. `rawRows` parses every row once.
import { type Column, getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from './client';

/** A value of the column as drizzle maps it, checked by the column's data type. */
function columnSchema(column: Column): z.ZodType {
  const base = (() => {
    switch (column.dataType) {
      case 'number':
        return z.number();
      case 'string':
        return z.string();
      case 'boolean':
        return z.boolean();
      case 'date':
        return z.date();
      case 'bigint':
        return z.bigint();
      case 'array':
        return z.array(z.unknown());
      default:
        // json, custom: the column's $type is the contract's business; the SQL is trusted to return it.
        return z.unknown();
    }
  })();
  return z.preprocess(
    (value) => (value === null || value === undefined ? value : column.mapFromDriverValue(value)),
    column.notNull ? base : base.nullable(),
  );
}

export type RowOf<
  T extends Table,
  K extends keyof T['_']['columns'] & string,
  Extra extends z.ZodRawShape = Record<never, never>,
> = Pick<InferSelectModel<T>, K> & z.infer<z.ZodObject<Extra>>;

/**
 * A row schema: the table's columns `keys` (read under their SQL names, answered under the schema's) and the
 * computed columns `extra` (read and answered under their own names).
 */
export function rowOf<
  T extends Table,
  K extends keyof T['_']['columns'] & string,
  Extra extends z.ZodRawShape = Record<never, never>,
>(table: T, keys: readonly K[], extra?: Extra): z.ZodType<RowOf<T, K, Extra>> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const shape: Record<string, z.core.$ZodType> = { ...extra };
  const names: [key: string, sqlName: string][] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`rowOf: ${key} is not a column`);
    shape[column.name] = columnSchema(column);
    names.push([key, column.name]);
  }
  return z.object(shape).transform((raw) => {
    const row: Record<string, unknown> = {};
    for (const name of Object.keys(extra ?? {})) row[name] = raw[name];
    for (const [key, sqlName] of names) row[key] = raw[sqlName];
    return row as RowOf<T, K, Extra>;
  }) as unknown as z.ZodType<RowOf<T, K, Extra>>;
}

/** A row of computed columns only (counts, flags, locks): no table describes them. */
export function computedRow<Shape extends z.ZodRawShape>(
  shape: Shape,
): z.ZodType<z.infer<z.ZodObject<Shape>>> {
  return z.object(shape) as unknown as z.ZodType<z.infer<z.ZodObject<Shape>>>;
}

/** Runs raw SQL and parses its rows once with `row`; a row the schema does not describe throws. */
export async function rawRows<Row>(db: Queryable, row: z.ZodType<Row>, query: SQL): Promise<Row[]> {
  const { rows } = await db.execute(query);
  return z.array(row).parse(rows);
}

type Snake<S extends string> = S extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Rest>}`
  : S;

/**
 * A row of the schema as raw SQL (or row_to_json) names it: `SqlRow<Pick<Select, 'productId'>>` is
 * `{ product_id: number }`, the schema's own column type under its SQL name. For rows that are typed, not
 * parsed, here: the run view's snapshot, whose answer the contract's schema checks on the way out.
 */
export type SqlRow<T> = { [K in keyof T & string as Snake<K>]: T[K] };

/** Parses rows a pg pool handed back (graphile-worker's tables, the migrations table), once, with `row`. */
export function parseRows<Row>(row: z.ZodType<Row>, rows: unknown[]): Row[] {
  return z.array(row).parse(rows);
}

// A function's request body: its depth, JSON, then the unsafe-text check, then the contract's schema. Shared
// by the route and, through read-list-request.ts, by the list functions inline and in the import worker.
import { type FunctionName, functions } from '../../common/contract/functions';
import { findUnsafeText, formatPath } from '../../common/contract/unsafe-text';
import { locateInProductList } from '../domain/list-import/parse-product-list';
import { AppError } from '../leaves/app-error/app-error';
import { refuseDeepJson } from './json-depth';

/** A function's JSON body, checked: nested no deeper than MAX_JSON_DEPTH, valid JSON, no text PostgreSQL cannot store, and the function's schema. */
export function parseRequestJson(name: FunctionName, text: string): unknown {
  let json: unknown = {};
  if (text.trim()) {
    refuseDeepJson(text);
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('bad_input', 'The request body is not valid JSON.');
    }
  }
  refuseUnsafeText(json);
  const result = functions[name].request.safeParse(json);
  if (!result.success) {
    const details = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    throw new AppError('bad_input', `Invalid request body: ${details}`);
  }
  return result.data;
}

/**
 * Every function's body, before its schema: no NUL or lone surrogate may reach PostgreSQL. In a product list
 * the row and column are named, as parseProductList would name them.
 */
function refuseUnsafeText(json: unknown): void {
  const found = findUnsafeText(json);
  if (!found) return;
  let where = formatPath(found.path) || 'body';
  const body = json as { raw_csv?: unknown; columns?: unknown };
  if (where === 'raw_csv' && typeof body.raw_csv === 'string') {
    const columns = Array.isArray(body.columns) ? body.columns.filter((c) => typeof c === 'string') : [];
    const { row, column } = locateInProductList(body.raw_csv, columns, found.index);
    where = `Row ${row}${column ? `, column ${column}` : ''}`;
  }
  throw new AppError(
    'bad_input',
    `${where} contains ${found.problem}, which cannot be stored. Remove it and try again.`,
  );
}

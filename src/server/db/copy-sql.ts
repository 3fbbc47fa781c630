// The copy fields' columns in raw SQL, from the copy-field registry: the statements that copy, select or hash
// a product's copy name every field without naming one (decision 025).
import { type SQL, sql } from 'drizzle-orm';
import { type CopyFieldRegistry, generatedTextFields, textFields } from '../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../common/copy-fields/registry';

const registry: CopyFieldRegistry = COPY_FIELD_REGISTRY;

/** Columns as `alias.column, …` (or bare, without an alias); names come from the registry, never from input. */
function columnList(fields: CopyFieldRegistry, alias?: string): SQL {
  return sql.raw(fields.map((field) => (alias ? `${alias}.${field.column}` : field.column)).join(', '));
}

/** The generated text columns (the model's copy held on the row), e.g. `p.page_title, …`. */
export const generatedCopySql = (alias?: string) => columnList(generatedTextFields(registry), alias);

/** Every text column of the copy (the generated ones and the URL suggestion), e.g. `p.page_title, …`. */
export const textCopySql = (alias?: string) => columnList(textFields(registry), alias);

// The new-bundle form's state (SPEC §2, §4, §5): the fields, the imported file and its mapping, the list they
// make, and the request that creates the bundle.
import { useForm } from '@mantine/form';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { BUNDLE_LIMITS, DEFAULT_COLUMNS } from '../../common/contract/constants';
import { USER_MESSAGES } from '../../common/contract/errors';
import type { ColumnMapping } from '../../common/store-files/import-columns';
import { buildProductList } from '../../common/store-files/product-import';
import { storeOfferColumns } from '../../common/store-files/store-offer';
import { newBundleFailureAlert } from '../api/error-messages';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { type SampleStore, sampleProductList } from '../lib/sample-stores';
import type { ImportedFile } from './product-import';
import type { ProductListMode } from './product-list-field';

export type NewBundleValues = {
  bundleName: string;
  mode: ProductListMode;
  manualText: string;
  keywords: string;
  urlTemplate: string;
  businessType: string;
  toneOfVoice: string;
  workflowId: number | null;
  /** As typed: a number, or '' for no cap. */
  spendingCap: number | string;
  fillEmptyOnly: boolean;
  /** ISO 4217, asked when the store's file has prices: neither Shopify's nor WooCommerce's file names one. */
  currency: string;
  /** The catalogue's language as the user chose it (BCP 47), or '' for the one detected from the products. */
  language: string;
};

const INITIAL_VALUES: NewBundleValues = {
  bundleName: '',
  mode: 'import',
  manualText: '',
  keywords: '',
  urlTemplate: '',
  businessType: '',
  toneOfVoice: '',
  workflowId: null,
  spendingCap: '',
  fillEmptyOnly: false,
  currency: '',
  language: '',
};

/**
 * A Shopify or WooCommerce file whose mapping the user left as it was goes to the server whole, which maps it
 * with the same mapper as this preview and also keeps what the list columns cannot carry: the store's
 * identifiers, variant links and existing SEO copy. A file the user re-mapped, or one too big for one
 * request, goes as the mapped list.
 */
function storeExportOf(imported: ImportedFile | null, mapping: ColumnMapping | null) {
  if (!imported || imported.text === '' || mapping !== imported.table.mapping) return null;
  const { format } = imported.table;
  if (format !== 'shopify' && format !== 'woocommerce') return null;
  if (new Blob([imported.text]).size > BUNDLE_LIMITS.maxBodyBytes * 0.9) return null;
  return { format, text: imported.text };
}

/** Whether a store export carries prices, so that its structured data can have offers once a currency is set. */
/** How many of a store file's products (not variants) already have an SEO title or meta description. */
export function storeSeoCopyCount(imported: ImportedFile | null): { withCopy: number; products: number } {
  const products = (imported?.table.details ?? []).filter((details) => details.parent_index === null);
  const withCopy = products.filter(
    (details) => details.current_page_title?.trim() || details.current_meta_description?.trim(),
  ).length;
  return { withCopy, products: products.length };
}

export function hasPrices(imported: ImportedFile | null): boolean {
  if (!imported) return false;
  const columns = storeOfferColumns(imported.table.headers);
  return columns.price >= 0 || columns.salePrice >= 0;
}

function useNewBundleFields() {
  return useForm<NewBundleValues>({
    initialValues: INITIAL_VALUES,
    validate: {
      // Said here, before anything is sent: the request check would only say the body is invalid.
      bundleName: (name) => {
        // An empty name is SPEC §5's alert, in create() below.
        const length = name.trim().length;
        const max = BUNDLE_LIMITS.maxBundleNameLength;
        return length > max ? `At most ${max} characters (this name has ${length}).` : null;
      },
    },
  });
}

/** The list the bundle is made from: typed by hand, or the imported file as mapped. */
function useProductList(mode: ProductListMode, manualText: string, onFileRead: (file: ImportedFile) => void) {
  // The imported file and its mapping are objects the form does not edit field by field.
  const [imported, setImported] = useState<ImportedFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const importedList = useMemo(
    () => (imported && mapping ? buildProductList(imported.table, mapping) : null),
    [imported, mapping],
  );
  const productList =
    mode === 'manual'
      ? { columns: [...DEFAULT_COLUMNS] as string[], raw_csv: manualText }
      : { columns: importedList?.columns ?? [], raw_csv: importedList?.raw_csv ?? '' };
  const storeExport = mode === 'import' ? storeExportOf(imported, mapping) : null;
  const onImported = (file: ImportedFile) => {
    setImported(file);
    setMapping(file.table.mapping);
    onFileRead(file);
  };
  return { imported, mapping, setMapping, onImported, importedList, productList, storeExport };
}

export function useNewBundleForm() {
  const navigate = useNavigate();
  const form = useNewBundleFields();
  const createBundle = useFunctionMutation('new-bundle', {
    // SPEC §8: the failure is an alert with a hint; the busy state ends with it (SPEC §4).
    onError: (error) => window.alert(newBundleFailureAlert(error)),
    invalidates: [queryKeys.bundles()],
  });
  const isCreating = createBundle.isPending;
  const { mode, manualText, workflowId } = form.values;
  const { setFieldValue } = form;
  // Stable, because WorkflowSelect picks its default in an effect that depends on it.
  const setWorkflowId = useCallback((id: number | null) => setFieldValue('workflowId', id), [setFieldValue]);
  // A file whose products already have SEO copy keeps it unless the user switches it off (as the API does).
  const list = useProductList(mode, manualText, (file) =>
    setFieldValue('fillEmptyOnly', storeSeoCopyCount(file).withCopy > 0),
  );
  const { productList, storeExport } = list;
  const customFields = {
    keywords: form.values.keywords,
    url_template: form.values.urlTemplate,
    business_type: form.values.businessType,
    tone_of_voice: form.values.toneOfVoice,
  };

  const pickSample = (store: SampleStore) =>
    form.setValues({
      bundleName: store.name,
      mode: 'manual',
      manualText: sampleProductList(store, window.location.origin),
      keywords: store.keywords,
      urlTemplate: store.urlTemplate,
      businessType: store.businessType,
      toneOfVoice: store.toneOfVoice,
    });

  const create = ({ bundleName, spendingCap, fillEmptyOnly, currency, language }: NewBundleValues) => {
    if (isCreating) return;
    // SPEC §5: both the name and the list are needed.
    if (!bundleName.trim() || !productList.raw_csv.trim()) {
      window.alert(USER_MESSAGES.newBundleMissingFields);
      return;
    }
    createBundle.mutate(
      {
        bundle_name: bundleName.trim(),
        ...(storeExport
          ? {
              store_export: storeExport,
              fill_empty_only: fillEmptyOnly,
              ...(currency.trim() ? { currency: currency.trim() } : {}),
            }
          : { columns: productList.columns, raw_csv: productList.raw_csv }),
        custom_fields: customFields,
        ...(language ? { language } : {}),
        workflow_id: workflowId ?? undefined,
        spending_cap_usd: typeof spendingCap === 'number' && spendingCap > 0 ? spendingCap : undefined,
      },
      { onSuccess: (data) => navigate(`/view-bundle/${data.bundle_id}/${data.workflow_id}`) },
    );
  };

  return { form, list, customFields, isCreating, setWorkflowId, pickSample, create };
}

export type NewBundleForm = ReturnType<typeof useNewBundleForm>;

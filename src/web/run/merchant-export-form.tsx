// The options two exports ask for before they download: the Merchant Center feed's id scheme, its
// prefix, the store's main feed (a Merchant Center products export) to take ids from and a switch per
// conversational attribute (item_group_title, question_and_answer); and the product base
// of the WooCommerce redirects. The server checks every value again and answers a 400 naming the field.
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { FunctionRequest } from '../../common/contract/functions';
import { MERCHANT_ATTRIBUTES, MERCHANT_ID_SCHEMES } from '../../common/contract/functions/files';

type Request = FunctionRequest<'export-bundle'>;
export type MerchantIdScheme = NonNullable<Request['merchant_id_scheme']>;
export type ExportOptions = Pick<
  Request,
  'merchant_id_scheme' | 'merchant_id_prefix' | 'main_feed' | 'product_base' | 'merchant_attributes'
>;
type MerchantAttribute = NonNullable<Request['merchant_attributes']>[number];
const ATTRIBUTE_LABELS: Record<MerchantAttribute, string> = {
  item_group_title: 'Product title on each variant (item_group_title)',
  question_and_answer: 'Questions and answers, where a product has them (question_and_answer)',
  size: "Each variant's size, by its size option in any language (size)",
  color: "Each variant's colour, by its colour option in any language (color)",
};
/** The formats that ask for options first. */
export type FormatWithOptions = 'merchant' | 'woocommerce-redirects';

const SCHEME_LABELS: Record<MerchantIdScheme, string> = {
  from_feed: 'From the main feed (upload it below)',
  shopify: 'Shopify (shopify_COUNTRY_product_variant)',
  woocommerce: 'WooCommerce product and variation IDs',
  sku: 'SKU',
};
const PREFIX_LABELS: Partial<Record<MerchantIdScheme, { label: string; placeholder: string }>> = {
  shopify: { label: 'Country', placeholder: 'US' },
  woocommerce: { label: 'ID prefix', placeholder: 'none, or e.g. gla_' },
};

/**
 * The scheme of the store the bundle came from: shopify when its products carry Shopify's numeric product and
 * variant ids (a connected store), woocommerce when they carry WooCommerce IDs, else null (sku is the default).
 * A Shopify CSV export has no numeric ids, so its bundle gets no store scheme: its feed's ids come from the file.
 */
export function storeMerchantScheme(
  products: readonly Pick<BundleWorkflowProduct, 'product_details' | 'store_copy'>[],
): MerchantIdScheme | null {
  if (products.some((p) => p.store_copy?.offer?.product_id && p.store_copy.offer.variant_id))
    return 'shopify';
  if (
    products.some((p) => /^\d+$/.test(p.product_details.id?.trim() ?? '') && p.product_details.product_type)
  )
    return 'woocommerce';
  return null;
}

type ExportOptionsModalProps = {
  /** The format whose options to ask for; null while closed. */
  format: FormatWithOptions | null;
  storeScheme: MerchantIdScheme | null;
  /** check-export's warning about items without SKU, GTIN or MPN, shown before the feed downloads. */
  merchantWarning?: string | null;
  onClose: () => void;
  onExport: (options: ExportOptions) => void;
};

/** The options as chosen, the id scheme they add up to, and turning them into the export's request. */
function useExportOptions({ format, storeScheme, onExport }: ExportOptionsModalProps) {
  const [feed, setFeed] = useState<File | null>(null);
  const [chosenScheme, setChosenScheme] = useState<MerchantIdScheme | null>(null);
  const [prefix, setPrefix] = useState('');
  const [productBase, setProductBase] = useState('');
  const [readError, setReadError] = useState<string | null>(null);
  // Google documents that these change no approval status: both are on unless switched off.
  const [attributes, setAttributes] = useState<MerchantAttribute[]>([...MERCHANT_ATTRIBUTES]);
  // Each opening starts from the defaults.
  useEffect(() => {
    if (format === null) return;
    setFeed(null);
    setChosenScheme(null);
    setPrefix('');
    setReadError(null);
    setAttributes([...MERCHANT_ATTRIBUTES]);
  }, [format]);

  const scheme: MerchantIdScheme = chosenScheme ?? (feed ? 'from_feed' : (storeScheme ?? 'sku'));
  const prefixField = PREFIX_LABELS[scheme];

  async function submit() {
    if (format === 'woocommerce-redirects') {
      onExport(productBase.trim() ? { product_base: productBase.trim() } : {});
      return;
    }
    let text: string | undefined;
    try {
      text = scheme === 'from_feed' && feed ? await feed.text() : undefined;
    } catch {
      setReadError('Could not read the main feed file.');
      return;
    }
    onExport({
      merchant_id_scheme: scheme,
      ...(prefixField && prefix.trim() ? { merchant_id_prefix: prefix.trim() } : {}),
      ...(text !== undefined ? { main_feed: { text } } : {}),
      ...(attributes.length > 0 ? { merchant_attributes: attributes } : {}),
    });
  }

  return {
    feed,
    setFeed,
    scheme,
    setChosenScheme,
    prefixField,
    prefix,
    setPrefix,
    productBase,
    setProductBase,
    readError,
    attributes,
    setAttributes,
    needsFeed: scheme === 'from_feed' && !feed,
    submit,
  };
}

type ExportOptionsState = ReturnType<typeof useExportOptions>;

export function ExportOptionsModal(props: ExportOptionsModalProps) {
  const { format, onClose } = props;
  const options = useExportOptions(props);
  return (
    <Modal
      opened={format !== null}
      onClose={onClose}
      title={format === 'merchant' ? 'Google Merchant Center feed' : 'WooCommerce redirects'}
    >
      <Stack>
        {format === 'merchant' ? (
          <>
            {props.merchantWarning && (
              <Alert color="yellow" title="Products without identifiers" role="alert">
                {props.merchantWarning}
              </Alert>
            )}
            <MerchantFeedFields options={options} />
          </>
        ) : (
          <TextInput
            label="Product base"
            description="The path of your product pages (WooCommerce → Settings → Permalinks)."
            placeholder="/product/"
            value={options.productBase}
            onChange={(event) => options.setProductBase(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void options.submit()} disabled={options.needsFeed}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Merchant Center feed's main feed file, id scheme and prefix. */
function MerchantFeedFields({ options }: { options: ExportOptionsState }) {
  const { feed, prefixField } = options;
  return (
    <>
      <Text size="sm">
        A supplemental feed changes only the items whose id is in your main feed. Upload your main feed
        (Merchant Center → Products → Download: TSV, CSV or XML) to take the ids from it.
      </Text>
      <Group gap="xs">
        <FileButton
          onChange={options.setFeed}
          accept=".tsv,.txt,.csv,.xml,text/tab-separated-values,text/csv,application/xml,text/xml"
          inputProps={{ 'aria-label': 'Main feed file' }}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs">
              Choose the main feed
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {feed ? feed.name : 'No file chosen'}
        </Text>
      </Group>
      <Select
        label="Item ids"
        data={MERCHANT_ID_SCHEMES.map((value) => ({ value, label: SCHEME_LABELS[value] }))}
        value={options.scheme}
        allowDeselect={false}
        onChange={(value) => options.setChosenScheme(value as MerchantIdScheme)}
      />
      {prefixField && (
        <TextInput
          label={prefixField.label}
          placeholder={prefixField.placeholder}
          value={options.prefix}
          maxLength={20}
          onChange={(event) => options.setPrefix(event.currentTarget.value)}
        />
      )}
      {MERCHANT_ATTRIBUTES.map((attribute) => (
        <Checkbox
          key={attribute}
          label={ATTRIBUTE_LABELS[attribute]}
          checked={options.attributes.includes(attribute)}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            options.setAttributes((current) =>
              MERCHANT_ATTRIBUTES.filter((each) => (each === attribute ? on : current.includes(each))),
            );
          }}
        />
      ))}
      {options.readError && (
        <Text size="sm" c="red" role="alert">
          {options.readError}
        </Text>
      )}
    </>
  );
}

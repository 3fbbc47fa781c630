// What the export menu asks the server before two downloads (check-export): the Merchant feed's dialog
// warns when items have no SKU, GTIN or MPN, and the JSON-LD item asks for the currency when the products
// have prices and none is known. A check that fails leaves the export as it was: the export itself answers.
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { describeError, type InvokeError, invoke } from '../api/invoke';
import { CurrencyExportModal } from './currency-export-form';

type Checks = FunctionResponse<'check-export'>;

async function checksOf(bundleWorkflowId: number): Promise<Checks | null> {
  const result = await invoke('check-export', { bundle_workflow_id: bundleWorkflowId });
  return result.error ? null : result.data;
}

// The export's refusal of a run with prices and no currency (offer-currency.ts) starts with the field's name.
const namesCurrency = (error: InvokeError) => error.status === 400 && /^currency\b/.test(error.detail ?? '');

export function useCheckedExport({
  bundleWorkflowId,
  exportJsonLd,
  failed,
}: {
  bundleWorkflowId: number | undefined;
  /** Downloads the JSON-LD; resolves to the export's error, or null once it downloaded. */
  exportJsonLd: (options: { currency?: string }) => Promise<InvokeError | null>;
  failed: (error: InvokeError) => void;
}) {
  const [merchantWarning, setMerchantWarning] = useState<string | null>(null);
  const [currencyAsk, setCurrencyAsk] = useState<{ error: string | null } | null>(null);

  async function jsonLd(currency?: string) {
    const error = await exportJsonLd(currency ? { currency } : {});
    if (error === null) setCurrencyAsk(null);
    // The server's own words where it gave them: "currency is needed: …", or why the code sent was refused.
    else if (currency || namesCurrency(error))
      setCurrencyAsk({ error: error.detail ?? describeError(error) });
    else failed(error);
  }

  return {
    merchantWarning,
    /** Looks for what the Merchant feed lacks, then opens its dialog. */
    async chooseMerchant(open: () => void) {
      const checks = bundleWorkflowId === undefined ? null : await checksOf(bundleWorkflowId);
      setMerchantWarning(checks?.merchant.warning ?? null);
      open();
    },
    /** Asks for the currency first when the export would need it, else downloads at once. */
    async chooseJsonLd() {
      const checks = bundleWorkflowId === undefined ? null : await checksOf(bundleWorkflowId);
      if (checks?.currency_needed) setCurrencyAsk({ error: null });
      else await jsonLd();
    },
    currencyModal: (
      <CurrencyExportModal
        opened={currencyAsk !== null}
        error={currencyAsk?.error ?? null}
        onClose={() => setCurrencyAsk(null)}
        onExport={(currency) => void jsonLd(currency)}
      />
    ),
  };
}

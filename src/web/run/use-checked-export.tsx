// What the export menu asks the server before two downloads (check-export): the Merchant feed's dialog
// warns when items have no SKU, GTIN or MPN, and the JSON-LD item asks for the currency when the products
// have prices and none is known. A check that fails leaves the export as it was: the export itself answers.
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { invoke } from '../api/invoke';
import { CurrencyExportModal } from './currency-export-form';

type Checks = FunctionResponse<'check-export'>;

async function checksOf(bundleWorkflowId: number): Promise<Checks | null> {
  const result = await invoke('check-export', { bundle_workflow_id: bundleWorkflowId });
  return result.error ? null : result.data;
}

// The export's refusal of a run with prices and no currency (offer-currency.ts) starts with the field's name.
const namesCurrency = (message: string) => /^currency\b/.test(message);

export function useCheckedExport({
  bundleWorkflowId,
  exportJsonLd,
  failed,
}: {
  bundleWorkflowId: number | undefined;
  /** Downloads the JSON-LD; resolves to the export's error message, or null once it downloaded. */
  exportJsonLd: (options: { currency?: string }) => Promise<string | null>;
  failed: (message: string) => void;
}) {
  const [merchantWarning, setMerchantWarning] = useState<string | null>(null);
  const [currencyAsk, setCurrencyAsk] = useState<{ error: string | null } | null>(null);

  async function jsonLd(currency?: string) {
    const error = await exportJsonLd(currency ? { currency } : {});
    if (error === null) setCurrencyAsk(null);
    else if (currency || namesCurrency(error)) setCurrencyAsk({ error });
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

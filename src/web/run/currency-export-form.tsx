// The currency the structured data's offers need: a store's CSV names none, so when the products have prices
// and neither the bundle nor a connected store knows it (check-export's currency_needed), the JSON-LD item
// asks for it before downloading. The server keeps it on the bundle, so it is asked once. A 400 the export
// still answers (the server is the judge) is shown in the same dialog.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

/** Every ISO 4217 code the browser knows, each with its name ("EUR – Euro"), by code. */
function currencyOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({
    value: code,
    label: `${code} – ${names.of(code) ?? code}`,
  }));
}

export function CurrencyExportModal({
  opened,
  error,
  onClose,
  onExport,
}: {
  opened: boolean;
  /** The export's own refusal, shown above the buttons. */
  error: string | null;
  onClose: () => void;
  onExport: (currency: string) => void;
}) {
  const options = useMemo(currencyOptions, []);
  const [currency, setCurrency] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setCurrency(null);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title="Currency of your prices">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (currency) onExport(currency);
        }}
      >
        <Stack>
          <Text size="sm">
            Your products have prices, but the file names no currency. Search engines show a price only with
            its currency (each offer’s priceCurrency). It is kept on the bundle for the next export.
          </Text>
          <Select
            label="Currency"
            placeholder="Type a code or a name, e.g. EUR"
            data={options}
            value={currency}
            onChange={setCurrency}
            searchable
            required
            nothingFoundMessage="No such ISO 4217 currency"
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={currency === null}>
              Download
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

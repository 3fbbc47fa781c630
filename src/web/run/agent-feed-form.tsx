// The seller details the agent feed (the Agentic Commerce Protocol's product feed, for ChatGPT and other
// shopping agents) needs and no store file holds: asked once, then kept in this browser, so that the next
// export downloads at once. "Seller details for the agent feed…" opens the form again. The server checks each
// value again and answers a 400 naming the field.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { AgentFeedSeller } from '../../common/contract/functions/files';

export type AgentFeedOptions = { seller: AgentFeedSeller; currency?: string; target_country?: string };

type Field = keyof AgentFeedSeller | 'currency' | 'target_country';

const FIELDS: { name: Field; label: string; description?: string; required?: boolean; url?: boolean }[] = [
  { name: 'name', label: 'Seller name', description: 'The shop’s name, as buyers know it.', required: true },
  {
    name: 'store_url',
    label: 'Shop address',
    description: 'Products with only a handle get their page under it, e.g. https://shop.example',
    url: true,
  },
  { name: 'privacy_policy_url', label: 'Privacy policy page', required: true, url: true },
  { name: 'terms_of_service_url', label: 'Terms of service page', required: true, url: true },
  { name: 'refund_policy_url', label: 'Refund policy page', required: true, url: true },
  { name: 'shipping_policy_url', label: 'Shipping policy page', url: true },
  {
    name: 'currency',
    label: 'Currency',
    description: 'Where the prices name none and the bundle has none, e.g. USD.',
  },
  { name: 'target_country', label: 'Market (country code)', description: 'e.g. US' },
];

const STORAGE_KEY = `copyloom:agent-feed:${typeof window === 'undefined' ? '' : window.location.host}`;

/** The seller details kept from the last agent feed export in this browser, if any. */
export function savedAgentFeedOptions(): AgentFeedOptions | null {
  try {
    const text = window.localStorage.getItem(STORAGE_KEY);
    const saved = text ? (JSON.parse(text) as AgentFeedOptions) : null;
    return saved?.seller ? saved : null;
  } catch {
    return null;
  }
}

const isWebAddress = (text: string) => /^https?:\/\/[^\s/?#]+/i.test(text) && URL.canParse(text);

/** Each field's problem, in form order; an empty map when the values can be sent. */
function problemsOf(values: Record<Field, string>): Map<Field, string> {
  const problems = new Map<Field, string>();
  for (const field of FIELDS) {
    const value = values[field.name].trim();
    if (field.required && !value) problems.set(field.name, `${field.label} is needed.`);
    else if (value && field.url && !isWebAddress(value))
      problems.set(field.name, `${field.label} must be a full address starting with https://`);
  }
  if (values.currency.trim() && !/^[A-Za-z]{3}$/.test(values.currency.trim()))
    problems.set('currency', 'Currency must be a three-letter code, such as USD.');
  if (values.target_country.trim() && !/^[A-Za-z]{2}$/.test(values.target_country.trim()))
    problems.set('target_country', 'The market must be a two-letter country code, such as US.');
  return problems;
}

function toOptions(values: Record<Field, string>): AgentFeedOptions {
  const seller: AgentFeedSeller = {};
  for (const field of FIELDS) {
    const value = values[field.name].trim();
    if (value && field.name !== 'currency' && field.name !== 'target_country')
      seller[field.name as keyof AgentFeedSeller] = value;
  }
  const currency = values.currency.trim().toUpperCase();
  const country = values.target_country.trim().toUpperCase();
  return { seller, ...(currency ? { currency } : {}), ...(country ? { target_country: country } : {}) };
}

function initialValues(): Record<Field, string> {
  const saved = savedAgentFeedOptions();
  return Object.fromEntries(
    FIELDS.map((field) => [
      field.name,
      field.name === 'currency'
        ? (saved?.currency ?? '')
        : field.name === 'target_country'
          ? (saved?.target_country ?? '')
          : (saved?.seller[field.name] ?? ''),
    ]),
  ) as Record<Field, string>;
}

export function AgentFeedModal({
  opened,
  onClose,
  onExport,
}: {
  opened: boolean;
  onClose: () => void;
  onExport: (options: AgentFeedOptions) => void;
}) {
  const [values, setValues] = useState(initialValues);
  const [problems, setProblems] = useState<Map<Field, string>>(new Map());
  const inputs = useRef(new Map<Field, HTMLInputElement>());
  useEffect(() => {
    if (!opened) return;
    setValues(initialValues());
    setProblems(new Map());
  }, [opened]);

  function submit() {
    const found = problemsOf(values);
    setProblems(found);
    const first = [...found.keys()][0];
    if (first) {
      inputs.current.get(first)?.focus();
      return;
    }
    const options = toOptions(values);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(options));
    onExport(options);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Shopping agent feed">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">
            The feed ChatGPT and other shopping agents read (Agentic Commerce Protocol): every variant names
            its seller and the seller’s policy pages. Asked once; kept in this browser for the next export.
          </Text>
          {FIELDS.map((field) => (
            <TextInput
              key={field.name}
              ref={(element) => {
                if (element) inputs.current.set(field.name, element);
              }}
              label={field.label}
              description={field.description}
              required={field.required}
              type={field.url ? 'url' : 'text'}
              value={values[field.name]}
              error={problems.get(field.name)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.name]: value }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Download</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The agent feed's place in the export menu: choosing it exports with the kept details, or asks for them
 * first; `ask` opens the form again to change them.
 */
export function useAgentFeedExport(exportWith: (options: AgentFeedOptions) => void) {
  const [asking, setAsking] = useState(false);
  const [sellerKnown, setSellerKnown] = useState(() => savedAgentFeedOptions() !== null);
  const choose = () => {
    const saved = savedAgentFeedOptions();
    if (saved) exportWith(saved);
    else setAsking(true);
  };
  const modal = (
    <AgentFeedModal
      opened={asking}
      onClose={() => setAsking(false)}
      onExport={(options) => {
        setAsking(false);
        setSellerKnown(true);
        exportWith(options);
      }}
    />
  );
  return { sellerKnown, choose, ask: () => setAsking(true), modal };
}

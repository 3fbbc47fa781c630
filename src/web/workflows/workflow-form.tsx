// The form for one of the user's own workflows (issue 13): name, a model from the endpoint's list or typed,
// language, voice, limits, price and batch. The limits are the contract's, so the server says the same.
import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { BatchRepairMode, Workflow } from '../../common/entities';
import { WORKFLOW_LIMITS, type WorkflowFields } from '../../common/functions';
import { useFunctionQuery } from '../api/use-function-query';

export const BATCH_LABEL = 'Batch (half price, finishes within 24 h)';

/** The two places a batch answer's repair can go, as the form offers them. */
export const BATCH_REPAIR_LABELS: Record<BatchRepairMode, string> = {
  batch: 'In a follow-up batch (half price, up to another 24 h)',
  direct: 'Directly (full price, done within minutes)',
};

type Draft = {
  name: string;
  model: string;
  language: string;
  banned_phrases: string[];
  protected_terms: string[];
  voice_notes: string;
  temperature: number | string;
  max_output_tokens: number | string;
  price_input: number | string;
  price_output: number | string;
  price_cached_input: number | string;
  batch: boolean;
  batch_repairs: BatchRepairMode;
};

function draftOf(workflow?: Workflow): Draft {
  return {
    name: workflow?.name ?? '',
    model: workflow?.model ?? '',
    language: workflow?.language ?? '',
    banned_phrases: workflow?.banned_phrases ?? [],
    protected_terms: workflow?.protected_terms ?? [],
    voice_notes: workflow?.voice_notes ?? '',
    temperature: workflow?.temperature ?? '',
    max_output_tokens: workflow?.max_output_tokens ?? '',
    price_input: workflow?.price?.input_per_million ?? '',
    price_output: workflow?.price?.output_per_million ?? '',
    price_cached_input: workflow?.price?.cached_input_per_million ?? '',
    batch: workflow?.batch ?? false,
    batch_repairs: workflow?.batch_repairs ?? 'batch',
  };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

function fieldsOf(draft: Draft): WorkflowFields {
  const input = numberOrNull(draft.price_input);
  const output = numberOrNull(draft.price_output);
  const cached = numberOrNull(draft.price_cached_input);
  return {
    name: draft.name,
    model: draft.model,
    language: draft.language.trim() || null,
    banned_phrases: draft.banned_phrases,
    protected_terms: draft.protected_terms,
    voice_notes: draft.voice_notes,
    temperature: numberOrNull(draft.temperature),
    max_output_tokens: numberOrNull(draft.max_output_tokens),
    // Both halves or none: half a price is no price.
    price:
      input === null && output === null
        ? null
        : {
            input_per_million: input ?? 0,
            output_per_million: output ?? 0,
            ...(cached === null ? {} : { cached_input_per_million: cached }),
          },
    batch: draft.batch,
    batch_repairs: draft.batch_repairs,
  };
}

export function WorkflowForm({
  workflow,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  workflow?: Workflow;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (fields: WorkflowFields) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(workflow));
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  // A listing that named nothing (an endpoint still loading its model) is asked again, not kept for a minute.
  const models = useFunctionQuery(
    'list-models',
    {},
    { queryKey: ['models'], staleTime: (query) => (query.state.data?.models.length ? 60_000 : 0) },
  );
  const modelIds = models.data?.models.map((model) => model.id) ?? [];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(fieldsOf(draft));
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={WORKFLOW_LIMITS.nameMax}
          value={draft.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <Autocomplete
          label="Model"
          required
          description={
            modelIds.length > 0
              ? 'Models your AI endpoint lists; you may also type any name it serves.'
              : 'Type the model name your endpoint serves (it lists none).'
          }
          maxLength={WORKFLOW_LIMITS.modelMax}
          data={modelIds}
          value={draft.model}
          onChange={set('model')}
          // Nothing listed yet (the endpoint may have been loading its model): ask again.
          onFocus={() => {
            if (modelIds.length === 0 && !models.isFetching) void models.refetch();
          }}
        />
        <TextInput
          label="Language"
          description="A BCP 47 tag such as de, fr-CA or pt-BR; empty writes in the product's own language."
          value={draft.language}
          onChange={(e) => set('language')(e.currentTarget.value)}
        />
        <TagsInput
          label="Banned phrases"
          description="Never used in the copy. Press Enter after each."
          maxTags={WORKFLOW_LIMITS.listEntriesMax}
          value={draft.banned_phrases}
          onChange={set('banned_phrases')}
        />
        <TagsInput
          label="Protected terms"
          description="Brand and product-line names written exactly as given, never translated."
          maxTags={WORKFLOW_LIMITS.listEntriesMax}
          value={draft.protected_terms}
          onChange={set('protected_terms')}
        />
        <Textarea
          label="Voice notes"
          autosize
          minRows={2}
          maxLength={WORKFLOW_LIMITS.voiceNotesMax}
          value={draft.voice_notes}
          onChange={(e) => set('voice_notes')(e.currentTarget.value)}
        />
        <Group grow>
          <NumberInput
            label="Temperature"
            min={0}
            max={WORKFLOW_LIMITS.temperatureMax}
            step={0.1}
            decimalScale={2}
            value={draft.temperature}
            onChange={set('temperature')}
          />
          <NumberInput
            label="Max output tokens"
            min={WORKFLOW_LIMITS.maxOutputTokensMin}
            max={WORKFLOW_LIMITS.maxOutputTokensMax}
            allowDecimal={false}
            value={draft.max_output_tokens}
            onChange={set('max_output_tokens')}
          />
        </Group>
        <Group grow>
          <NumberInput
            label="Input price (USD per million tokens)"
            min={0}
            decimalScale={6}
            value={draft.price_input}
            onChange={set('price_input')}
          />
          <NumberInput
            label="Output price (USD per million tokens)"
            min={0}
            decimalScale={6}
            value={draft.price_output}
            onChange={set('price_output')}
          />
          <NumberInput
            label="Cached input price (USD per million tokens)"
            min={0}
            decimalScale={6}
            value={draft.price_cached_input}
            onChange={set('price_cached_input')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          A price here prices a model the server does not know, or raises a known model's price; it never
          lowers one (the server's operator sets negotiated prices). Cached input is the provider's
          cached-token price; left empty, the input price.
        </Text>
        <Checkbox
          label={BATCH_LABEL}
          checked={draft.batch}
          onChange={(e) => set('batch')(e.currentTarget.checked)}
        />
        {draft.batch && (
          <Radio.Group
            label="Copy that fails the checks is repaired"
            value={draft.batch_repairs}
            onChange={(value) => set('batch_repairs')(value as BatchRepairMode)}
          >
            <Stack gap={4} mt={4}>
              {(Object.keys(BATCH_REPAIR_LABELS) as BatchRepairMode[]).map((mode) => (
                <Radio key={mode} value={mode} label={BATCH_REPAIR_LABELS[mode]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

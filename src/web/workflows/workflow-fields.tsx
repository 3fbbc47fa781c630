// The sections of the workflow form, each drawing its part of the draft: the model, how the copy is written,
// the model's limits, its price, batch mode, and the photos a model that sees is shown.
import {
  Autocomplete,
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
import type { BatchRepairMode, VisionDetail } from '../../common/contract/entities';
import { WORKFLOW_LIMITS } from '../../common/contract/functions';
import { useFunctionQuery } from '../api/use-function-query';
import type { Draft, SetDraftField } from './workflow-draft';

export const BATCH_LABEL = 'Batch (half price, finishes within 24 h)';

/** The two places a batch answer's repair can go, as the form offers them. */
export const BATCH_REPAIR_LABELS: Record<BatchRepairMode, string> = {
  batch: 'In a follow-up batch (half price, up to another 24 h)',
  direct: 'Directly (full price, done within minutes)',
};

type FieldsProps = { draft: Draft; set: SetDraftField };

/** A model from the endpoint's list, or any name typed. */
export function ModelField({ draft, set }: FieldsProps) {
  // A listing that named nothing (an endpoint still loading its model) is asked again, not kept for a minute.
  const models = useFunctionQuery(
    'list-models',
    {},
    { queryKey: ['models'], staleTime: (query) => (query.state.data?.models.length ? 60_000 : 0) },
  );
  const modelIds = models.data?.models.map((model) => model.id) ?? [];
  return (
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
  );
}

/** How the copy is written: its language, what it must avoid or keep, and the voice. */
export function WritingFields({ draft, set }: FieldsProps) {
  return (
    <>
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
    </>
  );
}

export function LimitFields({ draft, set }: FieldsProps) {
  return (
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
  );
}

export function PriceFields({ draft, set }: FieldsProps) {
  return (
    <>
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
        A price here prices a model the server does not know, or raises a known model's price; it never lowers
        one (the server's operator sets negotiated prices). Cached input is the provider's cached-token price;
        left empty, the input price.
      </Text>
    </>
  );
}

export function BatchFields({ draft, set }: FieldsProps) {
  return (
    <>
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
    </>
  );
}

/** How closely a model that sees looks at each photo, as the form offers it. */
const DETAIL_LABELS: Record<VisionDetail, string> = {
  low: 'Low detail (85 tokens a photo on OpenAI)',
  high: 'High detail (more tokens: by 512 px tiles)',
};

export function PhotoFields({ draft, set }: FieldsProps) {
  return (
    <>
      <Checkbox
        label="Show the model each product's photos (a model that sees)"
        description="Alt text then describes each photo. Not with batch."
        checked={draft.sees_images}
        onChange={(e) => set('sees_images')(e.currentTarget.checked)}
      />
      {draft.sees_images && (
        <Group grow align="flex-start">
          <Radio.Group
            label="Detail"
            value={draft.image_detail}
            onChange={(value) => set('image_detail')(value as VisionDetail)}
          >
            <Stack gap={4} mt={4}>
              {(Object.keys(DETAIL_LABELS) as VisionDetail[]).map((detail) => (
                <Radio key={detail} value={detail} label={DETAIL_LABELS[detail]} />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label="Photos a product, at most"
            min={1}
            max={WORKFLOW_LIMITS.maxImagesMax}
            allowDecimal={false}
            value={draft.max_images}
            onChange={set('max_images')}
          />
        </Group>
      )}
    </>
  );
}

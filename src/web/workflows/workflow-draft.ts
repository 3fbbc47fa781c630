// A workflow as the form edits it: every field as typed (numbers may be ''), and the fields the contract takes.
import type { BatchRepairMode, VisionDetail, Workflow } from '../../common/contract/entities';
import { WORKFLOW_LIMITS, type WorkflowFields } from '../../common/contract/functions';

export type Draft = {
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
  sees_images: boolean;
  image_detail: VisionDetail;
  max_images: number | string;
};

/** Sets one field of the draft; each input is given the setter of its own field. */
export type SetDraftField = <K extends keyof Draft>(key: K) => (value: Draft[K]) => void;

export function draftOf(workflow?: Workflow): Draft {
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
    sees_images: workflow?.sees_images ?? false,
    image_detail: workflow?.image_detail ?? 'low',
    max_images: workflow?.max_images ?? WORKFLOW_LIMITS.maxImagesDefault,
  };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

export function fieldsOf(draft: Draft): WorkflowFields {
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
    sees_images: draft.sees_images,
    image_detail: draft.image_detail,
    max_images: numberOrNull(draft.max_images) ?? WORKFLOW_LIMITS.maxImagesDefault,
  };
}

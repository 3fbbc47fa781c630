// The interface every copy writer implements: the OpenAI-compatible client and the offline writer.
// One call writes every field of one product, including one alt text per image.
import type { VisionDetail } from '../../../common/contract/entities';
import type { AiCopy } from '../../../common/copy-fields/registry';
import type { VariantRange } from '../../../common/copy-rules/variant-range';
import type { AiRequest } from './ai-request';
import type { PixelFacts } from './pixel-facts';

/** Every generated field of one product: the registry's fields the model writes (alt texts one per image). */
export type CopyFields = AiCopy;

/** The product's own input, as the user supplied it (keys like product_name, brand, colour, dimensions). */
export type ProductFacts = Record<string, string | null>;

export type CopyVoice = {
  language?: string | null;
  bannedPhrases?: readonly string[];
  protectedTerms?: readonly string[];
  voiceNotes?: string;
};

/** One photo of the product, for a writer that looks: the app's own compressed copy of the image. */
export type ProductPhoto = {
  /** The image row, for the log. */
  imageId: number;
  /** Its place among the product's images (from 0): alt_texts[position] is its alt text. */
  position: number;
  /** `data:image/jpeg;base64,…` of the compressed copy, so the provider fetches nothing. */
  dataUrl: string;
  width: number;
  height: number;
  /** What sharp read from its pixels, for the built-in writer. */
  pixels?: PixelFacts;
};

/** The photos a workflow that sees sends with a product, and how closely the model looks at them. */
export type PhotoSet = { detail: VisionDetail; photos: ProductPhoto[] };

/** What became of a call's photos: how many went, their tokens where the provider publishes them. */
export type PhotosSent = {
  sent: number;
  detail: VisionDetail;
  /** By the provider's published formula; null when it publishes none (they are in `usage` as answered). */
  imageTokens: number | null;
  /** Set when the model refused images and the call went again as text alone: the provider's words. */
  refused?: string;
};

/** One fact a model saw in one photo: `position` is the photo's place among the product's images (from 0). */
export type SeenFact = { position: number; name: string; value: string };

export type BundleSettings = { keywords: string; business_type: string; tone_of_voice: string };

export type WriteCopyInput = {
  /** Model name, e.g. gpt-4o-mini; `offline` for the built-in writer. */
  model: string;
  product: ProductFacts;
  imageCount: number;
  settings: BundleSettings;
  /**
   * Set for a variant: the parent's facts, its finished copy (null while the parent is written at the same
   * time, as in one batch), what differs (e.g. "colour: Red"), and what sets each sibling variant apart.
   */
  parent?: { product: ProductFacts; copy: CopyFields | null; differences: string[]; siblings?: string[] };
  /**
   * Set for a product sold in variants: the options its variants differ in, each with every value it takes.
   * Its copy is about the product as a whole: it may name a whole range, never single out one variant.
   */
  range?: readonly VariantRange[];
  /** Set for a repair call: the previous answer and the problems to fix, each naming its field. */
  repair?: { previous: CopyFields; problems: string[] };
  /**
   * The workflow's language and voice: the copy's BCP 47 language, phrases it must never
   * use, terms it must write exactly, and notes on the voice. The prompt states them; the check enforces them.
   */
  voice?: CopyVoice;
  /** For the built-in writer: which alternative wording to write (0, the default, is its usual one). */
  variation?: number;
  /** The cap on the answer's tokens; a default sized from the limits when unset. */
  maxOutputTokens?: number;
  /** The workflow's sampling temperature (0–2); the provider's default when unset. */
  temperature?: number;
  /** The product's photos, for a workflow that sees (decision 041). */
  photos?: PhotoSet;
  /** What an AI writer sends, built from the workflow's templates (generation/build-prompt.ts). */
  prompt?: CopyPrompt;
  signal?: AbortSignal;
};

type PromptMessage = AiRequest['messages'][number];

/** The prompt as templated (each message with the variables it uses, for the log) and as sent. */
export type CopyPrompt = { templated: PromptMessage[]; rendered: PromptMessage[] };

export type TokenUsage = {
  prompt_tokens: number;
  completion_tokens: number;
  /** Prompt tokens the provider served from its prompt cache (usage.prompt_tokens_details.cached_tokens). */
  cached_tokens?: number;
};

export type WriteCopyResult = {
  copy: CopyFields;
  /** The raw text the model answered with. */
  content: string;
  model: string;
  usage: TokenUsage;
  /** The request as templated (messages carry template_variables) and as sent. */
  originalRequest: AiRequest;
  finalRequest: AiRequest;
  /** Set when the answer came through the provider's Batch API, which bills it at a discount. */
  billing?: AnswerBilling;
  /** Set when the call carried photos, or meant to and the model refused them. */
  photos?: PhotosSent;
  /** What the model said it saw in the photos it was shown (photo-facts-answer.ts); never product data. */
  seenFacts?: SeenFact[];
};

/** How an answer was bought: `batch` answers cost `priceMultiplier` (0.5) of the list price. */
export type AnswerBilling = { via: 'batch'; batchId: string; priceMultiplier: number };

export interface CopyWriter {
  write(input: WriteCopyInput): Promise<WriteCopyResult>;
  /**
   * True when the writer already holds this call's answer, paid for (a Batch API answer): the call is logged
   * but not held against the spending cap, which was checked when the batch was submitted.
   */
  hasAnswer?(input: WriteCopyInput): boolean;
}

/**
 * Thrown by a writer that does not make this call now: it is made later by other means (a repair that goes in
 * the follow-up repair batch). The call leaves no log line; `input` is the request it would have sent.
 */
export class CallDeferred extends Error {
  override name = 'CallDeferred';
  constructor(
    readonly input: WriteCopyInput,
    message = 'The call is made later.',
  ) {
    super(message);
  }
}

export type ProviderFailureKind =
  | 'rate_limited' // 429 without insufficient_quota: retry after the advised wait
  | 'insufficient_quota' // billing: never retry
  | 'server' // 5xx
  | 'timeout'
  | 'bad_response' // unparseable or schema-violating JSON
  | 'bad_request' // 4xx other than 429: our request is wrong, do not retry
  | 'auth'; // 401/403: the key is wrong, do not retry

/** A classified provider failure. `retryable` decides between another attempt and a final `failed`. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly retryAfterMs?: number,
    /** Tokens spent by the failed call, when the provider reported them. */
    readonly usage?: TokenUsage,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return (
      this.kind === 'rate_limited' ||
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'bad_response'
    );
  }
}

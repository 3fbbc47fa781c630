// What an OpenAI-compatible endpoint accepts, learned from its refusals and then kept for every later call.
// OpenAI takes strict json_schema and max_tokens; its newer models want max_completion_tokens instead; some
// llama.cpp builds refuse json_schema, and a few servers know no response_format at all. A 400 that names
// the parameter moves the endpoint one step down, once, and the call is sent again at once.
import { APIError } from 'openai';

export type ResponseFormatMode = 'json_schema' | 'json_object' | 'instructions';
export type TokenLimitParameter = 'max_tokens' | 'max_completion_tokens';

const FORMAT_STEPS: ResponseFormatMode[] = ['json_schema', 'json_object', 'instructions'];

export class EndpointDialect {
  responseFormat: ResponseFormatMode = 'json_schema';
  tokenLimit: TokenLimitParameter = 'max_tokens';
  /** Models that refused image input: their calls go as text alone from then on. */
  readonly #refusesImages = new Set<string>();

  /** `onChange` hears each step down once, e.g. to log it. */
  constructor(private readonly onChange: (message: string) => void = () => {}) {}

  refusesImages(model: string): boolean {
    return this.#refusesImages.has(model);
  }

  /**
   * Whether `error` is the endpoint refusing the call's image parts (OpenAI: "Invalid content type. image_url
   * is only supported by certain models."; local servers: "does not support images", "vision"), in which case
   * the model is marked as one that does not see and the call should go again without them.
   */
  learnImageRefusal(error: unknown, model: string): boolean {
    if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
    const message = `${error.message} ${JSON.stringify(error.error ?? '')}`.toLowerCase();
    if (
      !/image_url|image input|images? (?:are|is) not supported|support(?:s)? images|vision|multimodal/.test(
        message,
      )
    )
      return false;
    if (!this.#refusesImages.has(model)) {
      this.#refusesImages.add(model);
      this.onChange(
        `The AI provider refused images for ${model}; its copy is written from text from now on.`,
      );
    }
    return true;
  }

  /**
   * Whether `error` is the endpoint refusing something this dialect sends, in which case the dialect has moved
   * one step down and the same call should be sent again.
   */
  learnFrom(
    error: unknown,
    sent?: { responseFormat: ResponseFormatMode; tokenLimit: TokenLimitParameter },
  ): boolean {
    if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
    const message = `${error.message} ${JSON.stringify(error.error ?? '')}`.toLowerCase();
    // Calls in flight together are refused together: a refusal of what another call's refusal already moved
    // the dialect past is learned already, and the call is sent again as the dialect now stands.
    if (
      sent &&
      sent.tokenLimit !== this.tokenLimit &&
      message.includes('max_tokens') &&
      message.includes('max_completion_tokens')
    ) {
      return true;
    }
    if (
      sent &&
      FORMAT_STEPS.indexOf(this.responseFormat) > FORMAT_STEPS.indexOf(sent.responseFormat) &&
      /response_format|json_schema|json schema|json_object|structured output|grammar/.test(message)
    ) {
      return true;
    }
    if (
      this.tokenLimit === 'max_tokens' &&
      message.includes('max_tokens') &&
      message.includes('max_completion_tokens')
    ) {
      this.tokenLimit = 'max_completion_tokens';
      this.onChange('The AI provider refused max_tokens; sending max_completion_tokens from now on.');
      return true;
    }
    const refusesFormat =
      /response_format|json_schema|json schema|json_object|structured output|grammar/.test(message);
    const next = FORMAT_STEPS[FORMAT_STEPS.indexOf(this.responseFormat) + 1];
    if (refusesFormat && next) {
      const was = this.responseFormat;
      this.responseFormat = next;
      this.onChange(
        next === 'instructions'
          ? `The AI provider refused response_format ${was}; asking for JSON in the prompt from now on.`
          : `The AI provider refused response_format ${was}; using ${next} from now on.`,
      );
      return true;
    }
    return false;
  }
}

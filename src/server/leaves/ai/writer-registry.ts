// Which writer runs a workflow: the offline writer, or the OpenAI-compatible client of the provider, with a
// shared concurrency cap, shared pacing by the provider's rate-limit headers, and a quota breaker.
import { ConcurrencyLimit } from './concurrency-limit';
import { type CopyWriter, ProviderError, type WriteCopyInput, type WriteCopyResult } from './copy-writer';
import { EndpointDialect } from './endpoint-dialect';
import { type ListedModel, ModelList } from './model-list';
import { OFFLINE_MODEL, OfflineWriter } from './offline-writer';
import { OpenAIWriter } from './openai-writer';
import { RateController } from './rate-controller';

export type ProviderSettings = {
  apiKey?: string;
  baseURL?: string;
  /** Requests in flight at once to the provider, from this process. */
  maxConcurrency?: number;
  timeoutMs?: number;
  /** Hears what the registry learns about the endpoint (a parameter it refuses), once each. */
  onNotice?: (message: string) => void;
};

/** After an insufficient_quota answer, calls fail at once for this long instead of reaching the provider. */
const QUOTA_BREAK_MS = 60_000;

export class WriterRegistry {
  readonly #offline = new OfflineWriter();
  #provider: CopyWriter | undefined;
  /** The provider's limits count every workflow's calls, so the pacing and its in-flight cap are shared. */
  readonly rateController: RateController;
  /** What the endpoint accepts is the endpoint's, so every workflow's calls learn it together. */
  readonly dialect: EndpointDialect;
  #quotaFailure: { error: ProviderError; until: number } | undefined;
  readonly #models: ModelList;

  constructor(readonly settings: ProviderSettings) {
    const maxConcurrency = settings.maxConcurrency ?? 8;
    this.rateController = new RateController({ limit: new ConcurrencyLimit(maxConcurrency), maxConcurrency });
    this.dialect = new EndpointDialect(settings.onNotice);
    this.#models = new ModelList({ apiKey: settings.apiKey, baseURL: settings.baseURL });
  }

  /** What the endpoint's GET /models lists (cached for a minute); empty without a key or when it lists nothing. */
  listModels(): Promise<ListedModel[]> {
    return this.#models.list();
  }

  get hasApiKey(): boolean {
    return Boolean(this.settings.apiKey);
  }

  forWorkflow(workflow: { model: string }): CopyWriter {
    if (workflow.model === OFFLINE_MODEL) return this.#offline;
    const { apiKey } = this.settings;
    if (!apiKey) {
      throw new ProviderError(
        'auth',
        'This workflow needs an AI provider: OPENAI_API_KEY is not set on the server.',
      );
    }
    // The prompt comes with each call, so one client serves every workflow of the provider.
    if (!this.#provider) {
      const openai = new OpenAIWriter({
        apiKey,
        baseURL: this.settings.baseURL,
        timeoutMs: this.settings.timeoutMs,
        rateController: this.rateController,
        dialect: this.dialect,
      });
      this.#provider = { write: (input) => this.#guardQuota(openai, input) };
    }
    return this.#provider;
  }

  async #guardQuota(writer: CopyWriter, input: WriteCopyInput): Promise<WriteCopyResult> {
    const failure = this.#quotaFailure;
    if (failure && failure.until > Date.now()) throw failure.error;
    try {
      return await writer.write(input);
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'insufficient_quota') {
        this.#quotaFailure = { error, until: Date.now() + QUOTA_BREAK_MS };
      }
      throw error;
    }
  }
}

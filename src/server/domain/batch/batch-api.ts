// The provider's Batch API through the openai SDK (OpenAI's wire format, which Azure, Together, Groq,
// OpenRouter and vLLM's batch runner share): upload a JSONL file (purpose "batch"), create a batch on
// /v1/chat/completions with a 24 h window, read it, list them (to find one by its metadata after a crash), and
// read its files. The SDK's failures become the two errors below, which the batch tasks act on.
import OpenAI, { APIConnectionError, APIError, toFile } from 'openai';
import type { Batch } from 'openai/resources/batches';
import type { GenerationDeps } from '../generation/generate-product';

export type RemoteBatch = Batch;
export type RemoteBatchStatus = Batch['status'];

/** The endpoint has no Batch API (404 on /files or /batches): the caller falls back to direct calls. */
export class BatchApiUnsupported extends Error {
  override name = 'BatchApiUnsupported';
}

/** Any other refusal; `retryable` for 429, 5xx and network failures, as for a chat call. */
export class BatchApiError extends Error {
  override name = 'BatchApiError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Stored as the batch row's error when the provider has no Batch API; the run's products then go direct. */
export const BATCH_API_UNSUPPORTED =
  'The provider has no Batch API: this run is written by direct calls at the full price.';

/** The metadata key that carries our provider_batches.id, so a restart finds a batch it may have created. */
export const LOCAL_ID_KEY = 'copyloom_batch_id';

export type BatchApiSettings = { apiKey: string; baseURL?: string; fetch?: typeof fetch };

export class BatchApi {
  readonly #client: OpenAI;

  constructor(settings: BatchApiSettings) {
    // One HTTP attempt per call: a refused call fails the job, and graphile-worker retries it with backoff.
    this.#client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseURL,
      fetch: settings.fetch,
      maxRetries: 0,
      timeout: 120_000,
    });
  }

  uploadFile(jsonl: string, filename: string): Promise<{ id: string }> {
    return this.#call('POST /files', true, async () =>
      this.#client.files.create({
        purpose: 'batch',
        file: await toFile(Buffer.from(jsonl), filename, { type: 'application/jsonl' }),
      }),
    );
  }

  createBatch(inputFileId: string, localId: number): Promise<RemoteBatch> {
    return this.#call('POST /batches', true, () =>
      this.#client.batches.create({
        input_file_id: inputFileId,
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
        metadata: { [LOCAL_ID_KEY]: String(localId) },
      }),
    );
  }

  getBatch(id: string): Promise<RemoteBatch> {
    return this.#call(`GET /batches/${id}`, false, () => this.#client.batches.retrieve(id));
  }

  /**
   * The batch created for our local id, if any: the list is newest first, so a batch created moments before a
   * crash is on the first page. Reads at most `maxPages` pages of 100.
   */
  findByLocalId(localId: number, maxPages = 5): Promise<RemoteBatch | undefined> {
    return this.#call('GET /batches', true, async () => {
      let page = await this.#client.batches.list({ limit: 100 });
      for (let read = 1; ; read++) {
        const found = page.data.find((batch) => batch.metadata?.[LOCAL_ID_KEY] === String(localId));
        if (found || read >= maxPages || !page.hasNextPage()) return found;
        page = await page.getNextPage();
      }
    });
  }

  cancelBatch(id: string): Promise<RemoteBatch> {
    return this.#call(`POST /batches/${id}/cancel`, false, () => this.#client.batches.cancel(id));
  }

  fileContent(id: string): Promise<string> {
    return this.#call(`GET /files/${id}/content`, false, async () =>
      (await this.#client.files.content(id)).text(),
    );
  }

  /** `onCollection`: a 404 means the endpoint has no Batch API; on one batch or file, that it is missing. */
  async #call<T>(label: string, onCollection: boolean, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw toBatchApiError(error, label, onCollection);
    }
  }
}

function toBatchApiError(error: unknown, label: string, onCollection: boolean): unknown {
  if (error instanceof APIConnectionError) {
    return new BatchApiError(`The provider could not be reached: ${error.message}`, true);
  }
  if (!(error instanceof APIError) || error.status === undefined) return error;
  const body = error.error as { message?: string } | undefined;
  const message = body?.message ?? `HTTP ${error.status}`;
  if (error.status === 404 && onCollection) {
    return new BatchApiUnsupported(`The provider has no Batch API (${label}: ${message}).`);
  }
  const isRetryable = error.status === 429 || error.status >= 500;
  return new BatchApiError(`The Batch API refused ${label}: ${message}`, isRetryable);
}

/** The Batch API of the provider the writers are configured for (its key and base URL from the config). */
export function batchApiFor(deps: GenerationDeps): BatchApi {
  const { apiKey, baseURL } = deps.writers.settings;
  return new BatchApi({ apiKey: apiKey ?? '', baseURL });
}

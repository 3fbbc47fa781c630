// The provider's Batch API over plain HTTP (OpenAI's wire format, which Azure, Together, Groq, OpenRouter and
// vLLM's batch runner share): upload a JSONL file (purpose "batch"), create a batch on /v1/chat/completions
// with a 24 h window, read it, list them (to find one by its metadata after a crash), and read its files.

export type RemoteBatchStatus =
  | 'validating'
  | 'failed'
  | 'in_progress'
  | 'finalizing'
  | 'completed'
  | 'expired'
  | 'cancelling'
  | 'cancelled';

export type RemoteBatch = {
  id: string;
  status: RemoteBatchStatus;
  input_file_id: string;
  output_file_id: string | null;
  error_file_id: string | null;
  errors?: { data?: { message?: string; line?: number | null }[] } | null;
  request_counts?: { total: number; completed: number; failed: number };
  metadata?: Record<string, string> | null;
};

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

export type BatchApiSettings = { apiKey: string; baseURL?: string; fetch?: typeof fetch };

/** The metadata key that carries our provider_batches.id, so a restart finds a batch it may have created. */
export const LOCAL_ID_KEY = 'copyloom_batch_id';

export class BatchApi {
  readonly #apiKey: string;
  readonly #base: string;
  readonly #fetch: typeof fetch;

  constructor(settings: BatchApiSettings) {
    this.#apiKey = settings.apiKey;
    this.#base = (settings.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
    this.#fetch = settings.fetch ?? fetch;
  }

  async uploadFile(jsonl: string, filename: string): Promise<{ id: string }> {
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob([jsonl], { type: 'application/jsonl' }), filename);
    return (await this.#request('POST', '/files', form)) as { id: string };
  }

  createBatch(inputFileId: string, localId: number): Promise<RemoteBatch> {
    return this.#request('POST', '/batches', {
      input_file_id: inputFileId,
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      metadata: { [LOCAL_ID_KEY]: String(localId) },
    }) as Promise<RemoteBatch>;
  }

  getBatch(id: string): Promise<RemoteBatch> {
    return this.#request('GET', `/batches/${encodeURIComponent(id)}`) as Promise<RemoteBatch>;
  }

  /**
   * The batch created for our local id, if any: the list is newest first, so a batch created moments before a
   * crash is on the first page. Reads at most `maxPages` pages of 100.
   */
  async findByLocalId(localId: number, maxPages = 5): Promise<RemoteBatch | undefined> {
    let after: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const query = `?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const list = (await this.#request('GET', `/batches${query}`)) as {
        data: RemoteBatch[];
        has_more?: boolean;
        last_id?: string | null;
      };
      const found = list.data.find((batch) => batch.metadata?.[LOCAL_ID_KEY] === String(localId));
      if (found) return found;
      if (!list.has_more || !list.last_id) return undefined;
      after = list.last_id;
    }
    return undefined;
  }

  async cancelBatch(id: string): Promise<RemoteBatch> {
    return (await this.#request('POST', `/batches/${encodeURIComponent(id)}/cancel`)) as RemoteBatch;
  }

  async fileContent(id: string): Promise<string> {
    const response = await this.#send('GET', `/files/${encodeURIComponent(id)}/content`);
    return response.text();
  }

  async #request(method: string, path: string, body?: object | FormData): Promise<unknown> {
    const response = await this.#send(method, path, body);
    return response.json();
  }

  async #send(method: string, path: string, body?: object | FormData): Promise<Response> {
    const isForm = body instanceof FormData;
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#apiKey}`,
          ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      throw new BatchApiError(`The provider could not be reached: ${(error as Error).message}`, true);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const message = readErrorMessage(text) ?? `HTTP ${response.status}`;
    // 404 on the collection itself means the endpoint has no Batch API; on one batch or file, it is missing.
    if (response.status === 404 && /^\/(files|batches)(\?|$)/.test(path)) {
      throw new BatchApiUnsupported(`The provider has no Batch API (${method} ${path}: ${message}).`);
    }
    const isRetryable = response.status === 429 || response.status >= 500;
    throw new BatchApiError(`The Batch API refused ${method} ${path}: ${message}`, isRetryable);
  }
}

function readErrorMessage(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    return parsed.error?.message;
  } catch {
    return text.trim().slice(0, 200) || undefined;
  }
}

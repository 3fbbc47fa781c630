// The fake provider's Batch API, in OpenAI's wire format: POST /v1/files (multipart, purpose
// "batch"), GET /v1/files/{id}/content, POST /v1/batches, GET /v1/batches (list), GET /v1/batches/{id} and
// POST /v1/batches/{id}/cancel. A batch moves validating → in_progress → finalizing → completed on the
// clock (completeAfterMs), and its output file answers each line as the chat endpoint would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';

export type FakeBatchOptions = {
  /** How long a batch takes from creation to completed; 3,000 ms when unset. */
  completeAfterMs?: number;
  /** Write the output file's lines in reverse order, as a provider may (they are matched by custom_id). */
  shuffle?: boolean;
  /** These custom_ids go to the error file instead, with a 500 server_error line. */
  failLines?: string[];
  /** The first this many lines the fake answers (over all batches) go to the error file, once each. */
  failFirst?: number;
  /** Every this-many-th line is answered with invalid copy (a 200-character title), which needs a repair. */
  invalidEvery?: number;
  /** Answer 404 on /v1/files and /v1/batches, as a provider without the Batch API does. */
  unsupported?: boolean;
  /** Batches end `expired` (or `cancelled`) instead of completed, with no output. */
  endAs?: 'expired' | 'cancelled';
};

/** A line of the uploaded JSONL and the body of POST /v1/batches, as the Batch API documents them. */
const batchLine = z.looseObject({ custom_id: z.string(), body: z.unknown() });
const createBatch = z.looseObject({
  input_file_id: z.string().optional(),
  endpoint: z.string().optional(),
  completion_window: z.string().optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

type StoredFile = { id: string; filename: string; purpose: string; content: string; createdAt: number };

type FakeBatch = {
  id: string;
  inputFileId: string;
  endpoint: string;
  metadata: Record<string, string> | null;
  createdAt: number;
  cancelledAt?: number;
  outputFileId: string | null;
  errorFileId: string | null;
  counts: { total: number; completed: number; failed: number };
  finished?: 'completed' | 'expired' | 'cancelled' | 'failed';
  errors?: { message: string; line: number | null }[];
};

export type ChatAnswer = (body: unknown, mode: 'none' | 'invalid_copy') => unknown;

export type FakeBatchApi = {
  /** Replaces the options (for the next batches and any not yet finished). */
  setOptions(options: FakeBatchOptions): void;
  /** Every batch created, oldest first. */
  readonly batches: ReadonlyArray<{ id: string; metadata: Record<string, string> | null; lines: number }>;
  /** Handles the request when it is one of the Batch API's; false when it is not. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, raw: string): boolean;
};

export function createFakeBatchApi(initial: FakeBatchOptions, answerChat: ChatAnswer): FakeBatchApi {
  let options = initial;
  const files = new Map<string, StoredFile>();
  const batches = new Map<string, FakeBatch>();
  let sequence = 0;
  let failedSoFar = 0;
  let answeredSoFar = 0;
  const nextId = (prefix: string) => `${prefix}-fake-${++sequence}`;

  function statusOf(batch: FakeBatch): string {
    if (batch.finished) return batch.finished;
    const elapsed = Date.now() - batch.createdAt;
    const total = options.completeAfterMs ?? 3_000;
    if (batch.cancelledAt !== undefined) {
      if (Date.now() - batch.cancelledAt < 200) return 'cancelling';
      batch.finished = 'cancelled';
      return 'cancelled';
    }
    if (elapsed < total * 0.2) return 'validating';
    if (elapsed < total * 0.8) return 'in_progress';
    if (elapsed < total) return 'finalizing';
    finish(batch);
    return batch.finished!;
  }

  function finish(batch: FakeBatch) {
    const input = files.get(batch.inputFileId)!;
    const lines = input.content.split('\n').filter((line) => line.trim() !== '');
    if (options.endAs) {
      batch.finished = options.endAs;
      return;
    }
    const output: string[] = [];
    const errors: string[] = [];
    for (const line of lines) {
      const request = batchLine.parse(JSON.parse(line));
      const isFailedFirst = failedSoFar < (options.failFirst ?? 0);
      if (isFailedFirst || options.failLines?.includes(request.custom_id)) {
        if (isFailedFirst) failedSoFar++;
        errors.push(
          JSON.stringify({
            id: nextId('batch_req'),
            custom_id: request.custom_id,
            response: {
              status_code: 500,
              request_id: nextId('req'),
              body: {
                error: {
                  message: 'The server had an error while processing your request.',
                  type: 'server_error',
                },
              },
            },
            error: null,
          }),
        );
        batch.counts.failed++;
        continue;
      }
      output.push(
        JSON.stringify({
          id: nextId('batch_req'),
          custom_id: request.custom_id,
          response: {
            status_code: 200,
            request_id: nextId('req'),
            body: answerChat(request.body, isInvalid() ? 'invalid_copy' : 'none'),
          },
          error: null,
        }),
      );
      batch.counts.completed++;
    }
    if (options.shuffle) output.reverse();
    const store = (content: string) => {
      const id = nextId('file');
      files.set(id, { id, filename: `${id}.jsonl`, purpose: 'batch_output', content, createdAt: Date.now() });
      return id;
    };
    batch.outputFileId = output.length ? store(`${output.join('\n')}\n`) : null;
    batch.errorFileId = errors.length ? store(`${errors.join('\n')}\n`) : null;
    batch.finished = 'completed';
  }

  function isInvalid(): boolean {
    answeredSoFar++;
    return options.invalidEvery !== undefined && answeredSoFar % options.invalidEvery === 0;
  }

  function describe(batch: FakeBatch) {
    const status = statusOf(batch);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    return {
      id: batch.id,
      object: 'batch',
      endpoint: batch.endpoint,
      errors: batch.errors ? { object: 'list', data: batch.errors } : null,
      input_file_id: batch.inputFileId,
      completion_window: '24h',
      status,
      output_file_id: batch.outputFileId,
      error_file_id: batch.errorFileId,
      created_at: seconds(batch.createdAt),
      in_progress_at: null,
      expires_at: seconds(batch.createdAt + 86_400_000),
      finalizing_at: null,
      completed_at: status === 'completed' ? seconds(Date.now()) : null,
      failed_at: null,
      expired_at: status === 'expired' ? seconds(Date.now()) : null,
      cancelling_at: batch.cancelledAt ? seconds(batch.cancelledAt) : null,
      cancelled_at: status === 'cancelled' ? seconds(Date.now()) : null,
      request_counts: batch.counts,
      metadata: batch.metadata,
    };
  }

  function handle(req: IncomingMessage, res: ServerResponse, path: string, raw: string): boolean {
    if (!path.startsWith('/v1/files') && !path.startsWith('/v1/batches')) return false;
    if (options.unsupported) {
      sendJson(res, 404, {
        error: { message: `Unknown request URL: ${req.method} ${path}`, type: 'invalid_request_error' },
      });
      return true;
    }
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/files') {
      const parts = parseMultipart(raw, req.headers['content-type'] ?? '');
      const file = parts.find((part) => part.name === 'file');
      const purpose = parts.find((part) => part.name === 'purpose')?.content;
      if (!file || purpose !== 'batch') {
        sendError(res, 400, "A file and purpose 'batch' are required.");
        return true;
      }
      const id = nextId('file');
      const stored = {
        id,
        filename: file.filename ?? 'upload.jsonl',
        purpose,
        content: file.content,
        createdAt: Date.now(),
      };
      files.set(id, stored);
      sendJson(res, 200, {
        id,
        object: 'file',
        bytes: Buffer.byteLength(stored.content),
        created_at: Math.floor(stored.createdAt / 1000),
        filename: stored.filename,
        purpose,
      });
      return true;
    }
    const content = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
    if (method === 'GET' && content) {
      const file = files.get(content[1]!);
      if (!file) sendError(res, 404, `No such File object: ${content[1]}`);
      else {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(file.content);
      }
      return true;
    }
    if (method === 'POST' && path === '/v1/batches') {
      const body = createBatch.parse(JSON.parse(raw));
      const input = body.input_file_id ? files.get(body.input_file_id) : undefined;
      if (!input || body.endpoint !== '/v1/chat/completions' || body.completion_window !== '24h') {
        sendError(
          res,
          400,
          'input_file_id, endpoint /v1/chat/completions and completion_window 24h are required.',
        );
        return true;
      }
      const total = input.content.split('\n').filter((line) => line.trim() !== '').length;
      const batch: FakeBatch = {
        id: nextId('batch'),
        inputFileId: input.id,
        endpoint: body.endpoint,
        metadata: body.metadata ?? null,
        createdAt: Date.now(),
        outputFileId: null,
        errorFileId: null,
        counts: { total, completed: 0, failed: 0 },
      };
      batches.set(batch.id, batch);
      sendJson(res, 200, describe(batch));
      return true;
    }
    if (method === 'GET' && path === '/v1/batches') {
      const url = new URL(req.url ?? '/', 'http://fake');
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const after = url.searchParams.get('after');
      const newestFirst = [...batches.values()].reverse();
      const start = after ? newestFirst.findIndex((batch) => batch.id === after) + 1 : 0;
      const page = newestFirst.slice(start, start + limit);
      sendJson(res, 200, {
        object: 'list',
        data: page.map(describe),
        first_id: page[0]?.id ?? null,
        last_id: page.at(-1)?.id ?? null,
        has_more: start + limit < newestFirst.length,
      });
      return true;
    }
    const one = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    const batch = one ? batches.get(one[1]!) : undefined;
    if (one && !batch) {
      sendError(res, 404, `No such Batch object: ${one[1]}`);
      return true;
    }
    if (batch && method === 'GET' && !one![2]) {
      sendJson(res, 200, describe(batch));
      return true;
    }
    if (batch && method === 'POST' && one![2]) {
      if (!batch.finished) batch.cancelledAt = Date.now();
      sendJson(res, 200, describe(batch));
      return true;
    }
    sendError(res, 404, `Unknown request: ${method} ${path}`);
    return true;
  }

  return {
    setOptions(next) {
      options = next;
    },
    get batches() {
      return [...batches.values()].map((batch) => ({
        id: batch.id,
        metadata: batch.metadata,
        lines: batch.counts.total,
      }));
    },
    handle,
  };
}

type Part = { name: string; filename?: string; content: string };

/** The parts of a multipart/form-data body (text only, which is all a JSONL upload is). */
function parseMultipart(raw: string, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return [];
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const parts: Part[] = [];
  for (const chunk of raw.split(delimiter).slice(1)) {
    if (chunk.startsWith('--')) break;
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = chunk.slice(0, headerEnd);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    parts.push({ name, filename, content: chunk.slice(headerEnd + 4).replace(/\r\n$/, '') });
  }
  return parts;
}

function sendJson(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function sendError(res: ServerResponse, status: number, message: string) {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

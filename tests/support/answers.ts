// Function answers read as a client reads them: parsed with the contract's response schema for that
// function, and error answers with its error schema, so a test reads typed fields with no casts and an answer
// that drifts from the contract fails the test that received it, naming the field.
import { z } from 'zod';
import {
  BINARY_FUNCTIONS,
  type ErrorBody,
  errorBodySchema,
  type FunctionName,
  type FunctionResponse,
  functions,
} from '../../src/common/contract/functions';

/** `body` parsed with `name`'s response schema; throws, naming the fields, when it does not match. */
export function parseAnswer<N extends FunctionName>(name: N, body: unknown): FunctionResponse<N> {
  const schema: z.ZodType = functions[name].response;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`The answer of ${name} does not match the contract:\n${z.prettifyError(result.error)}`);
  }
  // The schema for `name` parsed it, so its output is that function's response.
  return result.data as FunctionResponse<N>;
}

/** An error answer's body parsed with the contract's error schema (`{ error: { type, message? } }`). */
export function parseErrorBody(body: unknown): ErrorBody['error'] {
  const result = errorBodySchema.safeParse(body);
  if (!result.success) {
    throw new Error(`The error answer does not match the contract:\n${z.prettifyError(result.error)}`);
  }
  return result.data.error;
}

/** The body a function's answer carries: bytes for the binary functions, JSON for the rest. */
async function bodyOf(name: FunctionName, response: Response): Promise<unknown> {
  return BINARY_FUNCTIONS.has(name) ? new Uint8Array(await response.arrayBuffer()) : response.json();
}

/** A function's 200 answer, parsed; any other status throws with the status and the body. */
export async function answerOf<N extends FunctionName>(
  name: N,
  response: Response,
): Promise<FunctionResponse<N>> {
  if (response.status !== 200) {
    throw new Error(`${name} answered ${response.status}, not 200: ${await response.text()}`);
  }
  return parseAnswer(name, await bodyOf(name, response));
}

/** A function's error answer (4xx or 5xx, JSON), parsed with the contract's error schema. */
export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  if (response.status < 400) throw new Error(`Expected an error answer, got ${response.status}`);
  return parseErrorBody(await response.json());
}

/** A function's answer, typed by the contract: `data` on a 200, `error` on a 4xx or 5xx. */
export type FunctionResult<N extends FunctionName> = {
  status: number;
  headers: Headers;
  /** The answer, parsed with the contract's response schema. Reading it when the call did not answer 200 throws. */
  data: FunctionResponse<N>;
  error?: ErrorBody['error'];
};

/**
 * Reads a function's Response as a FunctionResult: a 200 answer parsed with the function's response schema, an
 * error answer with the error schema. On anything but a 200, `data` is a getter that throws (naming the status
 * and error), left out of the result's enumerable keys so `toEqual`/`toMatchObject` on the status and error work.
 */
export async function readResult<N extends FunctionName>(
  name: N,
  response: Response,
): Promise<FunctionResult<N>> {
  const { status, headers } = response;
  if (status === 200) return { status, headers, data: parseAnswer(name, await bodyOf(name, response)) };
  const isJson = headers.get('content-type')?.includes('application/json') ?? false;
  const error = status >= 400 && isJson ? parseErrorBody(await response.json()) : undefined;
  const failed = { status, headers, ...(error ? { error } : {}) };
  return Object.defineProperty(failed, 'data', {
    enumerable: false,
    get(): never {
      const why = error ? ` ${error.type}${error.message ? `: ${error.message}` : ''}` : '';
      throw new Error(`${name} answered ${status}${why}, so there is no answer to read`);
    },
  }) as FunctionResult<N>;
}

/** A field an answer may leave null (copy not yet written), where the test needs it: throws when it is absent. */
export function written<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be written, got ${value}`);
  return value;
}

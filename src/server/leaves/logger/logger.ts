// The one logger: pino, at LOG_LEVEL, JSON lines in production and readable lines at a terminal.
// What a line may hold is decided here, once: errors are described by their kind, code and ids, never by the
// query parameters or request bodies they may carry, and no line is longer than MAX_LOG_LINE_BYTES.
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** A product description is a few KB; a log line never needs to be. */
export const MAX_LOG_LINE_BYTES = 4_096;
const MAX_MESSAGE_CHARS = 300;

export type LoggerOptions = {
  level: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Human-readable lines (a terminal outside production) rather than JSON. */
  pretty?: boolean;
  /** Where lines go; stdout by default. Tests pass their own. */
  destination?: DestinationStream;
};

export function createLogger({ level, pretty: isPretty = false, destination }: LoggerOptions): Logger {
  const stream = destination ?? (isPretty ? prettyStream() : undefined) ?? pino.destination({ sync: true });
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: describeError, error: describeError },
      hooks: { streamWrite: capLine },
    },
    stream,
  );
}

/**
 * Readable lines through pino-pretty, a development dependency: loaded only when asked for (never in
 * production), and JSON lines after all where it is not installed (`npm ci --omit=dev`).
 */
function prettyStream(): DestinationStream | undefined {
  let pretty: typeof import('pino-pretty');
  try {
    pretty = createRequire(import.meta.url)('pino-pretty');
  } catch {
    return undefined;
  }
  return pretty({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss', sync: true });
}

/** A logger that writes nothing: for tests and tools that don't want the noise. */
export const silentLogger: Logger = pino({ level: 'silent' });

/** The logger an entry point uses: readable at a terminal in development, JSON otherwise. */
export function loggerForConfig(config: { LOG_LEVEL: LoggerOptions['level']; NODE_ENV: string }): Logger {
  return createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV !== 'production' && process.stdout.isTTY === true,
  });
}

/** A line past the cap is replaced by a valid JSON line that keeps its head and says how much was cut. */
export function capLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LOG_LINE_BYTES) return line;
  const head = line.slice(0, MAX_LOG_LINE_BYTES / 2);
  const level = /"level":(\d+)/.exec(head)?.[1];
  return `${JSON.stringify({
    level: level ? Number(level) : 40,
    time: Date.now(),
    msg: 'log line cut to size',
    cut_bytes: Buffer.byteLength(line) - Buffer.byteLength(head),
    head,
  })}\n`;
}

type ErrorDescription = Record<string, string | number | undefined>;

/**
 * What a log may say about an error. Database errors give their SQLSTATE code and the names involved, and
 * the statement text (ours, parameterised) but never its parameters or the server's detail (which quotes
 * row values). Data-exception messages (SQLSTATE class 22) quote the offending value, so they are left out.
 */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof Error)) return { kind: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && cause instanceof Error) {
    // drizzle's DrizzleQueryError: "Failed query: … params: …" around the driver's error.
    return { ...describeError(cause), query: truncate(query, MAX_MESSAGE_CHARS) };
  }
  const pgError = error as Partial<
    Record<'code' | 'severity' | 'routine' | 'table' | 'column' | 'constraint', string>
  >;
  if (typeof pgError.code === 'string' && typeof pgError.severity === 'string') {
    return {
      kind: 'database',
      code: pgError.code,
      message: pgError.code.startsWith('22') ? undefined : truncate(error.message, MAX_MESSAGE_CHARS),
      table: pgError.table,
      column: pgError.column,
      constraint: pgError.constraint,
      routine: pgError.routine,
    };
  }
  const system = error as NodeJS.ErrnoException;
  return {
    kind: error.name,
    code: typeof system.code === 'string' ? system.code : undefined,
    message: truncate(error.message, MAX_MESSAGE_CHARS),
    stack: error.stack?.split('\n').slice(1, 8).join('\n'),
  };
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

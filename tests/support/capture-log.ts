// A real pino logger whose lines a test can read: what the app would have written, one JSON line each.
import { z } from 'zod';
import { createLogger, type Logger } from '../../src/server/leaves/logger/logger';

/** One pino line: its level and message, and every other field it carries (kept, as `unknown`). */
export const logLine = z.looseObject({ level: z.number(), msg: z.string().optional() });
export type LogLine = z.infer<typeof logLine>;

export function captureLog(level: 'debug' | 'info' = 'info'): {
  log: Logger;
  lines: string[];
  text: () => string;
  /** The lines parsed: each must be JSON with a numeric level. */
  entries: () => LogLine[];
} {
  const lines: string[] = [];
  const log = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
  return {
    log,
    lines,
    text: () => lines.join(''),
    entries: () => lines.map((line) => logLine.parse(JSON.parse(line))),
  };
}

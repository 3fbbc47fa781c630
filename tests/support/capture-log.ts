// A real pino logger whose lines a test can read: what the app would have written, one JSON line each.
import { createLogger, type Logger } from '../../src/server/logger';

export function captureLog(level: 'debug' | 'info' = 'info'): {
  log: Logger;
  lines: string[];
  text: () => string;
} {
  const lines: string[] = [];
  const log = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
  return { log, lines, text: () => lines.join('') };
}

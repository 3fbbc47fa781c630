// The AI provider as configured, for every entry point that writes copy (the server and `npm run worker`).
import { WriterRegistry } from '../leaves/ai/writer-registry';
import type { Logger } from '../leaves/logger/logger';
import type { Config } from './config';

/** The registry for this configuration; what it learns about the endpoint is logged once. */
export function writersFromConfig(config: Config, log: Logger): WriterRegistry {
  return new WriterRegistry({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    maxConcurrency: config.AI_MAX_CONCURRENCY,
    timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
    onNotice: (message) => log.warn(message),
  });
}

// graphile-worker's own log lines, through ours: each with its job's id and task, a provider's expected
// failure as a warning with its kind, graphile-worker's chatter at debug.
import { Logger as WorkerLogger } from 'graphile-worker';
import { ProviderError } from '../leaves/ai/copy-writer';
import type { Logger } from '../leaves/logger/logger';

/** graphile-worker's lines go to our logger, with the job's id and task on each; its info lines are debug here. */
export function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger((scope) => {
    const scoped = log.child({
      ...(scope.jobId !== undefined ? { job_id: scope.jobId } : {}),
      ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
    });
    return (level, message, meta) => {
      const error =
        (meta as { error?: unknown; fatalError?: unknown } | undefined)?.error ??
        (meta as { fatalError?: unknown } | undefined)?.fatalError;
      // The first line of graphile-worker's own message; the rest is a stack we log through `err`.
      const text = message.split('\n')[0] ?? '';
      if (error instanceof ProviderError) {
        // A provider's bad answer, timeout or 5xx is expected: the job retries, so a warning with its kind,
        // not an error with a stack (and not the provider's text).
        scoped.warn(
          { provider_error: error.kind },
          `A provider call failed (${error.kind}); the job will retry`,
        );
      } else if (level === 'error') scoped.error({ err: error }, text);
      else if (level === 'warning') scoped.warn({ err: error }, text);
      else scoped.debug(text);
    };
  });
}

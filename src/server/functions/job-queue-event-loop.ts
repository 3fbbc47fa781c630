import { runJobLoop } from '../runner/job-loop';
import type { FunctionHandler } from './types';

export const jobQueueEventLoopFunction: FunctionHandler<'job-queue-event-loop'> = (ctx, input) =>
  runJobLoop(ctx.services.queue, {
    userId: ctx.userId,
    exitAfterSeconds: input.exit_after_seconds ?? 30,
    exitAfterInactiveSeconds: input.testing?.exit_after_inactive_seconds,
    signal: ctx.signal,
  });

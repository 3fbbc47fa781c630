// Which pool runs which task (docs/decisions/011 and 020). graphile-worker only fetches jobs whose task is in
// the runner's task list, so runners with disjoint task lists are separate pools, each with its own slots:
// - images: fetches from hosts a user named (a silent host holds an image slot);
// - webhooks: deliveries to receivers a user named (a receiver that never answers holds a webhook slot);
// - stores: pushes and imports against a connected store (a slow or throttling store holds a store slot);
// - generation: everything else, tasks added later too (writing copy, batches, mail, purges).
// Inside a pool, named queues bound one user's (or one store's) share: image-jobs.ts, webhook-jobs.ts,
// store-queue.ts.
import type { TaskList } from 'graphile-worker';
import { IMAGE_TASKS } from '../leaves/queue/image-jobs';
import { IMPORT_STORE_TASK } from '../leaves/queue/import-jobs';
import { PUSH_TO_STORE_TASK } from '../leaves/queue/push-jobs';
import { WEBHOOK_TASKS } from '../leaves/queue/webhook-jobs';

/** The tasks of the store pool. */
export const STORE_TASKS: ReadonlySet<string> = new Set([PUSH_TO_STORE_TASK, IMPORT_STORE_TASK]);

/** The slots of each pool of its own; a pool left unset runs its tasks in the generation pool. */
export type PoolSizes = {
  imageConcurrency?: number;
  webhookConcurrency?: number;
  storeConcurrency?: number;
};

export function poolSizesFromConfig(config: {
  IMAGE_WORKER_CONCURRENCY: number;
  WEBHOOK_WORKER_CONCURRENCY: number;
  STORE_WORKER_CONCURRENCY: number;
}) {
  return {
    imageConcurrency: config.IMAGE_WORKER_CONCURRENCY,
    webhookConcurrency: config.WEBHOOK_WORKER_CONCURRENCY,
    storeConcurrency: config.STORE_WORKER_CONCURRENCY,
  } satisfies PoolSizes;
}

const OWN_POOLS = [
  { name: 'images', tasks: IMAGE_TASKS, size: 'imageConcurrency' },
  { name: 'webhooks', tasks: WEBHOOK_TASKS, size: 'webhookConcurrency' },
  { name: 'stores', tasks: STORE_TASKS, size: 'storeConcurrency' },
] as const;

export type PoolPlan = { name: string; taskList: TaskList; concurrency: number };

/**
 * The task list split into the pools to start: generation first (always, with `concurrency`), then each pool
 * of its own that has a size and at least one of its tasks in the list.
 */
export function planPools(taskList: TaskList, concurrency: number, sizes: PoolSizes): PoolPlan[] {
  const generation: PoolPlan = { name: 'generation', taskList: {}, concurrency };
  const own = OWN_POOLS.flatMap(({ name, tasks, size }) => {
    const slots = sizes[size];
    const plan: PoolPlan = { name, taskList: {}, concurrency: slots ?? 0 };
    return slots === undefined ? [] : [{ tasks, plan }];
  });
  for (const [task, run] of Object.entries(taskList)) {
    const pool = own.find(({ tasks }) => tasks.has(task))?.plan ?? generation;
    pool.taskList[task] = run;
  }
  return [generation, ...own.map(({ plan }) => plan).filter((plan) => Object.keys(plan.taskList).length > 0)];
}

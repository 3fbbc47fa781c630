import type { Task } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { planPools } from './worker-pools';

const task: Task = async () => {};
const taskList = Object.fromEntries(
  [
    'generate-product',
    'send-mail',
    'compress-image',
    'queue-image-compressions',
    'deliver-webhook',
    'push-to-store',
    'import-store',
    'a-task-added-later',
  ].map((name) => [name, task]),
);
const tasksOf = (plans: ReturnType<typeof planPools>) =>
  Object.fromEntries(plans.map((plan) => [plan.name, Object.keys(plan.taskList).sort()]));

describe('planPools', () => {
  it('gives images, webhooks and stores pools of their own, and everything else to generation', () => {
    const plans = planPools(taskList, 4, { imageConcurrency: 3, webhookConcurrency: 5, storeConcurrency: 2 });
    expect(tasksOf(plans)).toEqual({
      generation: ['a-task-added-later', 'generate-product', 'send-mail'],
      images: ['compress-image', 'queue-image-compressions'],
      webhooks: ['deliver-webhook'],
      stores: ['import-store', 'push-to-store'],
    });
    expect(Object.fromEntries(plans.map((plan) => [plan.name, plan.concurrency]))).toEqual({
      generation: 4,
      images: 3,
      webhooks: 5,
      stores: 2,
    });
  });

  it('keeps a pool’s tasks in generation when its size is unset, and starts no pool without tasks', () => {
    const plans = planPools(taskList, 4, { imageConcurrency: 3 });
    expect(tasksOf(plans).generation).toContain('deliver-webhook');
    expect(tasksOf(plans).generation).toContain('push-to-store');
    const noStores = planPools({ 'generate-product': task }, 4, { storeConcurrency: 2 });
    expect(noStores.map((plan) => plan.name)).toEqual(['generation']);
  });
});

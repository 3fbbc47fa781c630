// Budgets in a workspace: a member's own monthly budget (set by an owner) pauses the runs they start and no one
// else's; the workspace's budget pauses every run in it. Both are reserved against before each call.
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../../src/common/contract/functions';
import { setupFakeOpenAIApp, startTestWorker, vaseRows, viewRun } from '../support/pipeline';
import { callFunction, createTestUser, latestLink, type TestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupFakeOpenAIApp({ apiKey: 'sk-team-budget', seed: 9 });
let workspaceId = '';
let editor: TestUser;
let workflowId = 0;

const as = (user: TestUser) => (name: Parameters<typeof callFunction>[1], body: unknown) =>
  callFunction(t.app, name, body as never, user.token, { [WORKSPACE_HEADER]: workspaceId });

beforeAll(async () => {
  const owner = as(t.user);
  workspaceId = (await t.call('new-workspace', { name: 'Budgets' })).data.workspace.workspace_id;
  editor = await createTestUser(t.app);
  await owner('invite-member', { email: editor.email, role: 'editor' });
  const token = new URL(await latestLink(t.app, editor.email, '/invite?token=')).searchParams.get('token');
  expect((await callFunction(t.app, 'accept-invite', { token: token! }, editor.token)).status).toBe(200);
  // gpt-4o with short answers: about a third of a cent a product.
  const workflow = await owner('new-workflow', {
    name: 'Short gpt-4o',
    model: 'gpt-4o',
    max_output_tokens: 150,
  });
  workflowId = (workflow.data as { workflow_id: number }).workflow_id;
}, 60_000);

/** Makes a 4-product bundle as `user`, runs it to a pause or the end, and answers the run's view. */
async function runAs(user: TestUser, stem: string) {
  const created = await as(user)('new-bundle', {
    bundle_name: stem,
    columns: ['title', 'brand', 'description'],
    raw_csv: vaseRows(stem, 4).join('\n'),
    workflow_id: workflowId,
  });
  expect(created.status).toBe(200);
  const bundleId = (created.data as { bundle_id: number }).bundle_id;
  const worker = await startTestWorker(t.app, 2);
  const view = () => viewRun(t.app, user.token, bundleId, workflowId, { [WORKSPACE_HEADER]: workspaceId });
  try {
    await waitUntil(
      'the run pauses or finishes',
      async () => {
        const run = await view();
        const { done, failed, total, reserved_cost } = run.totals;
        return (run.paused_reason || done + failed === total) && reserved_cost === 0 ? run : null;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  } finally {
    await worker.stop();
  }
  return view();
}

describe('budgets in a workspace', () => {
  it("a member's own budget pauses the runs they start, and not the owner's", async () => {
    const set = await as(t.user)('set-member', { user_id: editor.userId, monthly_budget_usd: 0.004 });
    expect(set.status).toBe(200);
    const editorsRun = await runAs(editor, 'Editor Jug');
    expect(editorsRun.paused_reason).toContain('your monthly budget in this workspace of $0.0040');
    expect(editorsRun.totals.cost).toBeLessThanOrEqual(0.004);
    const spend = await as(editor)('view-spend', {});
    expect(spend.data).toMatchObject({ monthly_budget_usd: 0.004 });
    expect((spend.data as { spent_usd: number }).spent_usd).toBeCloseTo(editorsRun.totals.cost, 8);
    const ownersRun = await runAs(t.user, 'Owner Jug');
    expect(ownersRun.paused_reason).toBeNull();
    expect(ownersRun.totals.done).toBe(4);
  }, 120_000);

  it("the workspace's budget pauses every member's runs", async () => {
    const spent = ((await as(t.user)('view-spend', {})).data as { workspace_spent_usd: number })
      .workspace_spent_usd;
    const budget = Math.round((spent + 0.004) * 10_000) / 10_000;
    await as(t.user)('set-workspace-settings', { monthly_budget_usd: budget });
    const run = await runAs(t.user, 'Owner Bowl');
    expect(run.paused_reason).toContain("this workspace's monthly budget");
    const after = (await as(t.user)('view-spend', {})).data as { workspace_spent_usd: number };
    expect(after.workspace_spent_usd).toBeLessThanOrEqual(budget);
  }, 120_000);
});

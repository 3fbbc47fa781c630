// Every function, for every role: a call the role may not make answers 403 naming the role before its body is
// read; one it may make is never 403 (its empty body gets 400, or it answers). The same for an API key, which
// acts as its maker: a viewer's key with every scope still cannot write.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FUNCTION_NAMES,
  type FunctionName,
  WORKSPACE_HEADER,
  type WorkspaceRole,
} from '../../src/common/contract/functions';
import { FUNCTION_CAPABILITY } from '../../src/server/http/function-roles';
import { FUNCTION_SCOPES } from '../../src/server/http/function-scopes';
import { roleMay } from '../../src/server/leaves/ownership/roles';
import { createTestUser, latestLink, postFunction, setupTestApp, type TestUser } from '../support/test-app';

const t = setupTestApp();
const ROLES = ['editor', 'reviewer', 'viewer'] as const;
const members = {} as Record<(typeof ROLES)[number], TestUser>;
let workspaceId = '';
let viewerKey = '';

/** An empty body, but for the job loop, which would otherwise hold the call for its default 30 s. */
const bodyOf = (name: FunctionName) => (name === 'job-queue-event-loop' ? { exit_after_seconds: 1 } : {});

beforeAll(async () => {
  const made = await t.call('new-workspace', { name: 'Roles' });
  workspaceId = made.data.workspace.workspace_id;
  const header = { [WORKSPACE_HEADER]: workspaceId };
  for (const role of ROLES) {
    members[role] = await createTestUser(t.app);
    await t.call('invite-member', { email: members[role].email, role }, header);
    const link = new URL(await latestLink(t.app, members[role].email, '/invite?token='));
    const accepted = await postFunction(
      t.app,
      'accept-invite',
      { token: link.searchParams.get('token') },
      members[role].token,
    );
    expect(accepted.status).toBe(200);
  }
  const key = await postFunction(
    t.app,
    'create-api-key',
    { name: 'all scopes', scopes: ['read', 'write', 'run', 'push'] },
    members.viewer.token,
    header,
  );
  viewerKey = (await key.json()).key;
}, 60_000);

describe.each(ROLES)('as %s', (role: WorkspaceRole) => {
  it.each(FUNCTION_NAMES)('%s', async (name) => {
    const response = await postFunction(
      t.app,
      name,
      bodyOf(name),
      members[role as (typeof ROLES)[number]].token,
      {
        [WORKSPACE_HEADER]: workspaceId,
      },
    );
    const body = await response.text();
    if (roleMay(role, FUNCTION_CAPABILITY[name])) {
      expect(response.status, body).not.toBe(403);
    } else {
      expect(response.status, body).toBe(403);
      expect(body).toContain(`Your role in this workspace is ${role}: ${name} needs the`);
    }
  });
});

describe("a viewer's API key with every scope", () => {
  const keyed = FUNCTION_NAMES.filter((name) => FUNCTION_SCOPES[name] !== null);
  it.each(keyed)('%s', async (name) => {
    const response = await postFunction(t.app, name, bodyOf(name), viewerKey);
    expect(response.status === 403, await response.text()).toBe(
      !roleMay('viewer', FUNCTION_CAPABILITY[name]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../common/contract/functions';
import { workspaceLabel } from './role-labels';
import { currentWorkspace } from './use-workspaces';

const workspace = (id: string, personal: boolean, role: Workspace['role'] = 'owner'): Workspace => ({
  workspace_id: id,
  name: personal ? 'Ada' : `Client ${id}`,
  personal,
  role,
  require_other_reviewer: false,
  monthly_budget_usd: null,
  members: 1,
});

describe('the workspace the app works in', () => {
  const list = [workspace('ws_a', false, 'reviewer'), workspace('user_1', true), workspace('ws_b', false)];

  it('is the personal workspace when nothing is chosen', () => {
    expect(currentWorkspace(list, null)?.workspace_id).toBe('user_1');
  });

  it('is the chosen one when the person is still a member', () => {
    expect(currentWorkspace(list, 'ws_b')?.workspace_id).toBe('ws_b');
  });

  it('is none when the chosen one is no longer theirs (the app then goes back to personal)', () => {
    expect(currentWorkspace(list, 'ws_gone')).toBeUndefined();
  });

  it('is labelled with its name and the role the person has in it', () => {
    expect(workspaceLabel(list[0]!)).toBe('Client ws_a · Reviewer');
    expect(workspaceLabel(list[1]!)).toBe('Ada (personal) · Owner');
  });
});

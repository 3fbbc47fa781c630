// The person's workspaces and the one the app works in, and switching to another: the choice is kept by
// api/workspace-choice.ts, which empties the query cache first, and the page goes home, since what was open
// belongs to the workspace left.
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Workspace } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionQuery } from '../api/use-function-query';
import { useWorkspaceChoice, writeWorkspaceChoice } from '../api/workspace-choice';

export type WorkspacesState = {
  workspaces: Workspace[];
  /** The workspace the app works in, once the list has loaded. */
  current: Workspace | undefined;
  /** The chosen workspace is not among the person's any more. */
  isGone: boolean;
  isLoading: boolean;
};

/** The chosen workspace, or the personal one when there is no choice. */
export function currentWorkspace(workspaces: Workspace[], chosen: string | null): Workspace | undefined {
  return chosen === null
    ? workspaces.find((workspace) => workspace.personal)
    : workspaces.find((workspace) => workspace.workspace_id === chosen);
}

export function useWorkspaces(): WorkspacesState {
  const chosen = useWorkspaceChoice();
  const list = useFunctionQuery(
    'list-workspaces',
    {},
    {
      queryKey: queryKeys.workspaces(),
      select: (data) => data.workspaces,
      onFailure: (error) => console.warn('Could not load the workspaces:', error.message),
    },
  );
  const workspaces = list.data ?? [];
  const current = currentWorkspace(workspaces, chosen);
  const isGone = list.isSuccess && chosen !== null && current === undefined;
  return { workspaces, current, isGone, isLoading: list.isPending };
}

/**
 * A workspace the person has been removed from is no longer theirs: back to the start page of their personal
 * one, saying why. The shell's switcher alone calls this, so that it happens once.
 */
export function useLeaveGoneWorkspace(isGone: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isGone) return;
    navigate('/');
    writeWorkspaceChoice(null);
    notifications.show({
      color: 'yellow',
      title: 'You are no longer a member of that workspace',
      message: 'You are back in your personal workspace.',
    });
  }, [isGone, navigate]);
}

/** Switches to a workspace (the personal one is no choice at all) and opens `to` there. */
export function useSwitchWorkspace() {
  const navigate = useNavigate();
  return (workspace: Pick<Workspace, 'workspace_id' | 'personal'>, to = '/') => {
    navigate(to);
    writeWorkspaceChoice(workspace.personal ? null : workspace.workspace_id);
  };
}

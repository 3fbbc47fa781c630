// The person's workspaces and the one the app works in, and switching to another: the choice is kept by
// api/workspace-choice.ts, which empties the query cache first, and the page goes home, since what was open
// belongs to the workspace left.
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
  // A workspace the person has left or been removed from is no longer theirs: back to the personal one.
  const isGone = list.isSuccess && chosen !== null && current === undefined;
  useEffect(() => {
    if (isGone) writeWorkspaceChoice(null);
  }, [isGone]);
  return { workspaces, current, isLoading: list.isPending };
}

/** Switches to a workspace (the personal one is no choice at all) and opens `to` there. */
export function useSwitchWorkspace() {
  const navigate = useNavigate();
  return (workspace: Pick<Workspace, 'workspace_id' | 'personal'>, to = '/') => {
    navigate(to);
    writeWorkspaceChoice(workspace.personal ? null : workspace.workspace_id);
  };
}

// What the user sees for a failed call (SPEC §4, §8). Pure, so that the mapping is unit-tested.
import { type ClientErrorType, USER_MESSAGES, viewBundleMessage } from '../../common/contract/errors';
import type { InvokeError } from './invoke';

/** SPEC §8: the new-bundle failure alert, with a hint: the server's own words, else the message or type. */
export function newBundleFailureAlert(error: Pick<InvokeError, 'type' | 'message' | 'detail'>): string {
  const hint = error.detail?.trim() || error.message?.trim() || error.type;
  return `${USER_MESSAGES.newBundleFailed}\n\nHint: ${hint}`;
}

export type ViewBundleErrorState =
  | { kind: 'not_created'; message: string }
  | { kind: 'unknown_bundle'; message: string }
  | { kind: 'unknown_workflow'; message: string }
  /** SPEC §4: unrecognised errors are only logged. */
  | { kind: 'logged' };

/** The view-bundle load state for a failed view-bundle-workflow call (SPEC §4). */
export function viewBundleErrorState(type: ClientErrorType): ViewBundleErrorState {
  const message = viewBundleMessage(type);
  if (message === null) return { kind: 'logged' };
  if (type === 'not_created' || type === 'unknown_bundle' || type === 'unknown_workflow') {
    return { kind: type, message };
  }
  return { kind: 'logged' };
}

/** SPEC §4 job loop flag: active after a success; another loop already running also means work goes on. */
export function isJobLoopActive(error: Pick<InvokeError, 'type'> | undefined): boolean {
  return error === undefined || error.type === 'already_running';
}

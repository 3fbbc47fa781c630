import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../common/contract/errors';
import { isJobLoopActive, newBundleFailureAlert, viewBundleErrorState } from './error-messages';

describe('newBundleFailureAlert', () => {
  it("gives SPEC §8's text with the server's detail as the hint", () => {
    expect(
      newBundleFailureAlert({
        type: 'bad_input',
        message: 'Server returned a non-OK response. Status: 400',
        detail: 'Row 3 has no title.',
      }),
    ).toBe(
      'Something went wrong. Make sure your CSV exactly matches the example given.\n\nHint: Row 3 has no title.',
    );
  });

  it('falls back to the message, then the type', () => {
    expect(newBundleFailureAlert({ type: 'other', message: 'Could not validate request body.' })).toBe(
      `${USER_MESSAGES.newBundleFailed}\n\nHint: Could not validate request body.`,
    );
    expect(newBundleFailureAlert({ type: 'server_error', message: '' })).toBe(
      `${USER_MESSAGES.newBundleFailed}\n\nHint: server_error`,
    );
  });
});

describe('viewBundleErrorState', () => {
  it('maps the three known view errors to their SPEC texts', () => {
    expect(viewBundleErrorState('not_created')).toEqual({
      kind: 'not_created',
      message: 'The selected AI workflow has not yet been run for this bundle.',
    });
    expect(viewBundleErrorState('unknown_bundle')).toEqual({
      kind: 'unknown_bundle',
      message: 'Oh no! Could not find that bundle. Please create a new one, or select another.',
    });
    expect(viewBundleErrorState('unknown_workflow')).toEqual({
      kind: 'unknown_workflow',
      message: 'Please choose a Workflow from the choices above.',
    });
  });

  it('only logs anything else', () => {
    for (const type of ['other', 'server_error', 'bad_input', 'unauthorized', 'already_running'] as const) {
      expect(viewBundleErrorState(type)).toEqual({ kind: 'logged' });
    }
  });
});

describe('isJobLoopActive', () => {
  it('is active on success and on already_running, inactive on any other failure', () => {
    expect(isJobLoopActive(undefined)).toBe(true);
    expect(isJobLoopActive({ type: 'already_running' })).toBe(true);
    expect(isJobLoopActive({ type: 'server_error' })).toBe(false);
    expect(isJobLoopActive({ type: 'other' })).toBe(false);
  });
});

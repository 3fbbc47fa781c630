// Server functions called from inside the page as the signed-in user, with the session's own token, as
// another tab of theirs would; the answer is read in the test with the function's contract.
import { expect, type Page } from '@playwright/test';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { type FunctionResult, readResult } from '../support/answers';

export async function callAsUser<N extends FunctionName>(
  page: Page,
  name: N,
  body: FunctionRequest<N>,
): Promise<FunctionResult<N>> {
  const answer = await page.evaluate(
    async ({ name, body }) => {
      const token = localStorage.getItem(`copyloom.${location.host}.auth-token`);
      const response = await fetch(`/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const contentType = response.headers.get('content-type') ?? '';
      return { status: response.status, contentType, text: await response.text() };
    },
    { name, body },
  );
  const { status, contentType, text } = answer;
  return readResult(name, new Response(text, { status, headers: { 'content-type': contentType } }));
}

/** The bundle and workflow of the run open on the page (`/view-bundle/<bundle>/<workflow>`). */
export function openRun(page: Page): { bundle_id: number; workflow_id: number } {
  const match = /\/view-bundle\/(\d+)\/(\d+)$/.exec(page.url());
  if (!match) throw new Error(`No run is open at ${page.url()}`);
  return { bundle_id: Number(match[1]), workflow_id: Number(match[2]) };
}

/**
 * Deletes a bundle (by default the one of the run open on the page), which ends its queued work: a long run a
 * journey has seen enough of would otherwise go on writing on the shared server, slowing the journeys beside it.
 */
export async function deleteBundle(page: Page, bundleId = openRun(page).bundle_id): Promise<void> {
  const deleted = await callAsUser(page, 'delete-bundle', { bundle_id: bundleId });
  expect(deleted.status).toBe(200);
}

// The view-render bench's helpers: the account it signs in with, and its instruments in the page. The
// instruments are strings: tsx compiles the bench with esbuild's keepNames, whose __name() helper does not
// exist in the page.
import { createServer } from 'node:net';

export const PASSWORD = 'a long enough password';
/** Each request names its client address for the auth rate limits, as in the Playwright journeys. */
export const CLIENT_ADDRESS = '10.70.0.1';

/** One view-bundle-workflow request as the page made it, in the page's clock (performance.now()). */
export type PollRecord = {
  kind: 'first' | 'rest' | 'since';
  sentAt: number;
  at?: number;
  status?: number;
  /** Whether the answer's body holds the watched text (only read for a 200 while a text is watched). */
  carries?: boolean;
};

declare global {
  interface Window {
    __polls: PollRecord[];
    __watchText?: string;
    __firstRowPaintedAt?: number;
    __textPaintedAt?: number;
    __edit?: { sentAt: number; answeredAt: number; status: number };
  }
}

/**
 * Runs in every page before its scripts: notes each view-bundle-workflow request (first page, rest page or
 * since poll, told from its body, as src/web/api/bundle-run.ts sends them) with when it was sent and answered,
 * whether its answer carries the watched text, and when the first product row is painted.
 */
export const INSTRUMENT_PAGE = `
  window.__polls = [];
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/functions/v1/view-bundle-workflow')) return originalFetch(input, init);
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
    const record = {
      kind: body.since !== undefined ? 'since' : body.offset !== undefined ? 'rest' : 'first',
      sentAt: performance.now(),
    };
    window.__polls.push(record);
    const response = await originalFetch(input, init);
    const watched = window.__watchText;
    if (watched && response.status === 200) {
      // The answer is only counted once its body is here and known to hold the text.
      const text = await response.clone().text();
      record.carries = text.includes(JSON.stringify(watched).slice(1, -1));
    }
    record.at = performance.now();
    record.status = response.status;
    return response;
  };
  const firstRowObserver = new MutationObserver(() => {
    if (document.querySelector('tr[id^="product-"]')) {
      firstRowObserver.disconnect();
      requestAnimationFrame(() => { window.__firstRowPaintedAt = performance.now(); });
    }
  });
  firstRowObserver.observe(document, { childList: true, subtree: true });
`;

/** Whether the run is read as the web reads it: `rest` pages answered, none in flight, then a since poll. */
export const isRunLoaded = `(restPages) => {
  const rest = window.__polls.filter((p) => p.kind === 'rest');
  if (rest.length < restPages || rest.some((p) => p.at === undefined)) return false;
  const lastRest = Math.max(0, ...rest.map((p) => p.at));
  return window.__polls.some((p) => p.kind === 'since' && p.at !== undefined && p.sentAt > lastRest);
}`;

/** Watches for `text` painted in the row, then edits the row from the page, as another tab would. */
export const editAndWatch = `async ({ rowId, text, token }) => {
  window.__textPaintedAt = undefined;
  window.__watchText = text;
  const observer = new MutationObserver(() => {
    if (document.getElementById('product-' + rowId)?.textContent?.includes(text)) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__textPaintedAt = performance.now(); });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const sentAt = performance.now();
  const response = await fetch('/functions/v1/update-product-copy', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ bundle_workflow_product_id: rowId, fields: { page_title: text } }),
  });
  window.__edit = { sentAt, answeredAt: performance.now(), status: response.status };
  return response.status;
}`;

/**
 * From the edit's commit (its answer) to the answer that carries it, and from there to the paint; and how many
 * polls sent after the commit came back without the change (0 when the since cursor works).
 */
export const timeTheChange = `() => {
  const edit = window.__edit;
  const carrying = window.__polls.find((p) => p.carries === true);
  if (!carrying) throw new Error('The new text was painted without an answer that carries it');
  const missed = window.__polls.filter(
    (p) => p.sentAt >= edit.answeredAt && p.at !== undefined && p.at < carrying.at && p.carries !== true,
  ).length;
  window.__watchText = undefined;
  return {
    kind: carrying.kind,
    rerenderMs: window.__textPaintedAt - carrying.at,
    editToAnswerMs: carrying.at - edit.answeredAt,
    editToPollSentMs: carrying.sentAt - edit.answeredAt,
    missed,
  };
}`;

/** Signs up through the auth routes and confirms the address with the link from the dev outbox. */
export async function signUp(
  baseUrl: string,
  email: string,
  deliverMail: () => Promise<void>,
): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': CLIENT_ADDRESS };
  const signUpResponse = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench' }),
  });
  if (!signUpResponse.ok)
    throw new Error(`sign-up failed: ${signUpResponse.status} ${await signUpResponse.text()}`);
  // No worker runs here, so the queued confirmation mail is delivered by hand.
  await deliverMail();
  const outbox = (await (await fetch(`${baseUrl}/dev/outbox.json`)).json()) as Array<{
    to: string;
    links: string[];
  }>;
  const link = outbox.find((entry) => entry.to === email)?.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error(`No confirmation mail for ${email} in the dev outbox`);
  const confirmed = await fetch(link, { headers, redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`confirmation failed: ${confirmed.status}`);
}

/** A session token for the bench's own calls, as the sign-in route hands it out. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': CLIENT_ADDRESS },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = response.headers.get('set-auth-token');
  if (!response.ok || !token) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return token;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// A development outbox: mail that would have been sent, kept in memory and shown at /dev/outbox.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { MailMessage } from './mail-message';

export type OutboxEntry = MailMessage & { links: string[]; created_at: string };

const MAX_ENTRIES = 500;
const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

export class DevOutbox {
  readonly #entries: OutboxEntry[] = [];

  add(message: MailMessage): void {
    this.#entries.unshift({
      ...message,
      links: message.text.match(URL_PATTERN) ?? [],
      created_at: new Date().toISOString(),
    });
    this.#entries.length = Math.min(this.#entries.length, MAX_ENTRIES);
  }

  /** Newest first. */
  list(): OutboxEntry[] {
    return [...this.#entries];
  }
}

/**
 * Answers only clients on this machine, whatever HOST the server listens on. It reads the socket's address,
 * never X-Forwarded-For (which a client writes itself), and refuses when there is no socket to read.
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  if (!address || !isLoopbackAddress(address)) {
    return c.text('The dev outbox answers only on this machine (127.0.0.1 or ::1).', 403);
  }
  await next();
};

export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderOutboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map((entry) => {
      const links = entry.links
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join('');
      return `<article>
  <h2>${escapeHtml(entry.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(entry.to)}</strong> · ${escapeHtml(entry.created_at)}</p>
  <pre>${escapeHtml(entry.text)}</pre>
  ${links ? `<ul>${links}</ul>` : ''}
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Copyloom</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#666;margin:0 0 .5rem}pre{white-space:pre-wrap;background:#f7f7f7;padding:.75rem;border-radius:6px}
.warning{border:2px solid #c92a2a;background:#fff5f5;color:#8a1c1c;border-radius:8px;padding:.75rem 1rem}</style>
</head><body><h1>Dev outbox</h1>
<p class="warning" role="alert"><strong>Development only.</strong> Anyone who can read this page can sign in as
any account listed here: the links and codes are live. It answers only on this machine and is never served in
production. Set SMTP_URL to send real mail instead.</p>
<p>Mail the app would have sent. It appears here because SMTP_URL is not set. Newest first; <a href="/dev/outbox.json">JSON</a>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

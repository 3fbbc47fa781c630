// A development outbox: mail that would have been sent, kept in memory and shown at /dev/outbox.
import type { MailMessage } from './mailer';

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
.meta{color:#666;margin:0 0 .5rem}pre{white-space:pre-wrap;background:#f7f7f7;padding:.75rem;border-radius:6px}</style>
</head><body><h1>Dev outbox</h1>
<p>Mail the app would have sent. It appears here because SMTP_URL is not set. Newest first; <a href="/dev/outbox.json">JSON</a>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

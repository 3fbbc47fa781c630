// A message the app sends (magic link, one-time code) and what sends it: SMTP, the dev outbox, or a refusal.
export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

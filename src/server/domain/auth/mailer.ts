// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the dev outbox.
import nodemailer from 'nodemailer';
import type { Logger } from '../../leaves/logger/logger';
import type { DevOutbox } from './dev-outbox';
import type { Mailer, MailMessage } from './mail-message';

export type { Mailer, MailMessage };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/** The log says where to look, never what the mail holds: its subject or body may carry a live code. */
export function createOutboxMailer(outbox: DevOutbox, appUrl: string, log: Logger): Mailer {
  return {
    send: async (message) => {
      outbox.add(message);
      log.info(`A mail is waiting in the dev outbox: ${appUrl}/dev/outbox`);
    },
  };
}

/** In production without SMTP, mail cannot be delivered: say so loudly instead of pretending. */
export function createUndeliverableMailer(log: Logger): Mailer {
  return {
    send: async () => {
      log.error('A mail was not sent: SMTP_URL is not configured.');
    },
  };
}

export function chooseMailer(
  config: { SMTP_URL?: string; MAIL_FROM: string; APP_URL: string },
  outbox: DevOutbox | undefined,
  log: Logger,
): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (outbox) return createOutboxMailer(outbox, config.APP_URL, log);
  return createUndeliverableMailer(log);
}

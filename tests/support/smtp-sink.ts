// A real SMTP server on loopback that keeps what it is sent, optionally slowly or refusing some messages.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
};

export async function startSmtpSink(
  options: { delayMs?: number; refuse?: (count: number) => boolean } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        const refused = options.refuse?.(attempts) ?? false;
        setTimeout(() => {
          if (refused) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

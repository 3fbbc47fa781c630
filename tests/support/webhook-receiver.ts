// A local webhook receiver for the delivery tests: it records every request and answers 204, or 500 where
// the test says a path fails (a number of times, then recovers, or always).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  /** Every request, in the order it arrived. */
  received: ReceivedRequest[];
  /** The receiver's port, once beforeAll has run. */
  port(): number;
};

/**
 * Starts a receiver for the file's tests (beforeAll) and closes it after them. `failures` maps a path to how
 * many times it answers 500 before it answers 204 (`Infinity`: always).
 */
export function setupWebhookReceiver(failures: Record<string, number> = {}): WebhookReceiver {
  const received: ReceivedRequest[] = [];
  const failuresLeft = new Map(Object.entries(failures));
  let server: Server | undefined;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body, at: Date.now() });
        const left = failuresLeft.get(path) ?? 0;
        if (left > 0) {
          failuresLeft.set(path, left - 1);
          response.writeHead(500).end('no');
          return;
        }
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return { received, port: () => port };
}

// A TLS-terminating proxy on loopback in front of a real store started with WOO_HTTPS_HINT=1: what a real
// store behind nginx or a load balancer is to its clients. The app connects to https://127.0.0.1:<port> and
// sees a certificate it trusts only because the tier's npm script sets NODE_EXTRA_CA_CERTS to
// fixtures/loopback-cert.pem (a self-signed test certificate; its key is in the repository on purpose).
// `stripAuthorization` drops the Authorization header on the way, as some hosts' proxies and CGI setups do.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');
export const LOOPBACK_CERT = path.join(fixtures, 'loopback-cert.pem');

export type TlsProxy = {
  origin: string;
  hostPort: string;
  /** How many requests came with an Authorization header (before any stripping). */
  authorizationHeaders: () => number;
  /** Every request's path with its query, as the app sent it. */
  paths: string[];
  close: () => Promise<void>;
};

export async function startTlsProxy(
  target: string,
  { stripAuthorization = false }: { stripAuthorization?: boolean } = {},
): Promise<TlsProxy> {
  const upstream = new URL(target);
  const paths: string[] = [];
  let withAuthorization = 0;
  const server = https.createServer(
    {
      key: readFileSync(path.join(fixtures, 'loopback-key.pem')),
      cert: readFileSync(LOOPBACK_CERT),
    },
    (request, response) => {
      paths.push(request.url ?? '/');
      const headers = { ...request.headers, host: upstream.host, 'x-forwarded-proto': 'https' };
      if (headers.authorization) withAuthorization++;
      if (stripAuthorization) delete headers.authorization;
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', (error) => {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
      request.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    authorizationHeaders: () => withAuthorization,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

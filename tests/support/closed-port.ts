// A loopback port nothing listens on, for tests of a refused connection.
import { createServer } from 'node:net';

/** A port nothing listens on: bind one, then let it go. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The probe is not on a TCP port');
  const { port } = address;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

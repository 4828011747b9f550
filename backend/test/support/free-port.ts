import { AddressInfo, createServer } from 'node:net';

/** A loopback port nobody listens on (the OS hands it out, we give it back): for a server of the test's own, or a refused connection. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

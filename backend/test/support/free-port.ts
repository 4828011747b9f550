import { readFileSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';

// Same rule as infra/topology/topology.mjs freePort: a port from listen(0) lies in the kernel's ephemeral range,
// where outgoing connections (pg, Redis) also take their local ports, so one of them can take it before the test's
// server binds. The port is drawn below that range, probed on all interfaces, never handed out twice.
const handedOut = new Set<number>();

function ephemeralFloor(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on: for a server of the test's own, or a refused connection. */
export async function freePort(): Promise<number> {
  const high = ephemeralFloor() - 1;
  const low = Math.max(10_000, high - 12_000);
  for (let attempt = 0; high > low && attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

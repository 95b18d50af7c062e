import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a fake provider's server on a free port of 127.0.0.1; resolves with the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Stops it: its delayed answers dropped, its connections closed. */
export function closeFakeServer(server: Server, pending: Iterable<NodeJS.Timeout>): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const timer of pending) clearTimeout(timer);
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

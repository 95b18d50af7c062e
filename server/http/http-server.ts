import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

// node:http by getBuiltinModule: an ES import of it loads undici at start (ADR 0078).
const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');

/** What the member or client is told when Node refuses a request before the app sees it. */
const PARSE_REFUSALS: Record<string, { status: number; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: "The request's address or headers are too long" },
  HPE_URI_TOO_LONG: { status: 414, error: "The request's address is too long" },
};
const MALFORMED = { status: 400, error: 'Malformed request' };

/**
 * The app's HTTP server. Node's own parser refuses some requests before Express sees them (an
 * address or headers over 16 kB, a malformed request line); by default it answers those with a
 * bare status and no body. Here they get the same JSON `{ error }` as every other refusal.
 */
export function createHttpServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const server = createServer(handle);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, error: message } = PARSE_REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** A server on a free port of 127.0.0.1 (tests, benchmarks, Lighthouse): its address, and how to stop it. */
export async function listenLocally(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; baseUrl: string; stop(): Promise<void> }> {
  const server = createHttpServer(handle);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

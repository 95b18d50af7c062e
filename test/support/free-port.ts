import { createServer } from 'node:net';

/** A port of 127.0.0.1 that was free a moment ago (found by opening and closing one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free port is found by opening and closing one, and the emulator binds it a second or two
 * later: meanwhile another process of the test run (a browser, a test server) may take it. Then
 * the emulator is started again on another port; any other failure is reported at once.
 */
export async function withFreshPortOnClash<T>(start: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts || !PORT_CLASH.test((error as Error).message)) throw error;
    }
  }
}

const PORT_CLASH = /Address already in use|EADDRINUSE|port taken|Port \d+ is not open|answered as something else/i;

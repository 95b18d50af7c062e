/**
 * The baseline: a bare node:http server answering the same bytes the app answered, so the
 * benchmark shows what the app costs over the machine's floor (HTTP parsing, sockets, the load
 * generator itself). Started by bench/run.ts with an IPC channel; not meant to be run alone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedAnswer {
  status: number;
  contentType: string;
  /** base64, so that the bytes cross the IPC channel unchanged. */
  body: string;
}

export type BaselineRequest = { type: 'answers'; answers: Record<string, CapturedAnswer> } | { type: 'stop' };
export type BaselineMessage = { type: 'ready'; port: number };

let answers = new Map<string, { status: number; headers: Record<string, string | number>; body: Buffer }>();

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  // A POST body is read in full, as the app must, before answering.
  req.on('data', () => {});
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"Not found"}');
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});

process.on('message', (message: BaselineRequest) => {
  if (message.type === 'answers') {
    answers = new Map(
      Object.entries(message.answers).map(([key, a]) => {
        const body = Buffer.from(a.body, 'base64');
        return [key, { status: a.status, headers: { 'content-type': a.contentType, 'content-length': body.length }, body }];
      }),
    );
  } else if (message.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: 'ready', port } satisfies BaselineMessage);
});

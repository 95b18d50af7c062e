import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A device's side of a subscription the test made: its keys as the browser sends them, and the private key to read what comes. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One request the push service received, decrypted with the device's private key (RFC 8291) as a browser would. */
export interface ReceivedPush {
  device: string;
  headers: IncomingMessage['headers'];
  payload: string;
}

/**
 * A push service on 127.0.0.1 (as the browsers' services answer, RFC 8030): POST /push/<device>
 * answers 201 and keeps the message, or the status the test set for that device (404, 410, 503);
 * a device set to `hold` never answers (the sender is killed meanwhile).
 */
export interface LocalPushService {
  url: string;
  received: ReceivedPush[];
  /** Plain requests counted by the benchmark's baseline (POST /plain). */
  plain: number;
  device(name: string): TestDevice;
  answer(name: string, status: number | 'hold'): void;
  /** Resolves when `count` messages have arrived. */
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startLocalPushService(options: { decrypt?: boolean } = {}): Promise<LocalPushService> {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number | 'hold'>();
  const waiting: { count: number; resolve: () => void }[] = [];
  const service: LocalPushService = {
    url: '',
    received: [],
    plain: 0,
    device(name) {
      const existing = devices.get(name);
      if (existing) return existing;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: TestDevice = {
        endpoint: `${service.url}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      devices.set(name, device);
      return device;
    },
    answer(name, status) {
      answers.set(name, status);
    },
    waitFor(count) {
      if (service.received.length >= count) return Promise.resolve(service.received);
      return new Promise((resolve) => waiting.push({ count, resolve: () => resolve(service.received) }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/plain') {
        service.plain += 1;
        res.writeHead(201).end();
        return;
      }
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      const answer = answers.get(name) ?? 201;
      if (!device) return void res.writeHead(404).end('No such subscription');
      const body = Buffer.concat(chunks);
      const payload =
        options.decrypt === false ? '' : ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8');
      service.received.push({ device: name, headers: req.headers, payload });
      for (const waiter of waiting.filter((w) => service.received.length >= w.count)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (answer === 'hold') return;
      res.writeHead(answer).end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config';

/**
 * Structured JSON logs; secrets (cookies, passwords) never reach them, nor capability tokens in
 * addresses (log-redaction.ts). `destination` is for tests that read the lines back.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'res.headers["set-cookie"]', 'password', '*.password', 'req.body.password'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

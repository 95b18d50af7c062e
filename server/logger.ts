import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';

/** Structured JSON logs; secrets (cookies, passwords) never reach them. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'res.headers["set-cookie"]', 'password', '*.password', 'req.body.password'],
      censor: '[redacted]',
    },
  });
}

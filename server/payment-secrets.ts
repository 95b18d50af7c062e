import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

export const SECRETS_FILE_NAME = 'secrets.json';

export interface PaymentSecrets {
  checkoutSecret: string;
  webhookSecret: string;
  /** Signs members' manage-my-booking links (kept beside the payment secrets, as valuable). */
  manageLinkSecret: string;
}

const KEYS = { checkoutSecret: 'paymentsCheckoutSecret', webhookSecret: 'paymentsWebhookSecret', manageLinkSecret: 'manageLinkSecret' } as const;

function readSecretsFile(file: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`${file} is not a JSON object; fix or remove it (removing it makes open checkouts unpayable)`);
}

/**
 * The payment secrets: the configured ones, else ones made on the first start and kept in
 * DATA_DIR/secrets.json (mode 0600). They must outlive a restart: a checkout id is signed with
 * the checkout secret, and a new secret would make every open checkout unpayable.
 */
export function resolvePaymentSecrets(config: Pick<AppConfig, 'dataDir' | 'payments'>): PaymentSecrets {
  const configured = config.payments;
  if (configured.checkoutSecret !== null && configured.webhookSecret !== null && configured.manageLinkSecret !== null) {
    return { checkoutSecret: configured.checkoutSecret, webhookSecret: configured.webhookSecret, manageLinkSecret: configured.manageLinkSecret };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SECRETS_FILE_NAME);
  let stored = readSecretsFile(file);
  const valid = (value: unknown): value is string => typeof value === 'string' && value.length >= 32;
  const complete = (found: Record<string, unknown> | null): boolean => found !== null && Object.values(KEYS).every((key) => valid(found[key]));
  if (!complete(stored)) {
    const next: Record<string, unknown> = { ...stored };
    for (const key of Object.values(KEYS)) if (!valid(next[key])) next[key] = randomBytes(32).toString('base64url');
    try {
      // 'wx' when new: of two processes starting together, one writes and the other reads its file.
      writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, flag: stored ? 'w' : 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    stored = readSecretsFile(file);
    if (!stored || !complete(stored)) {
      throw new Error(`Could not keep the payment secrets in ${file}`);
    }
  }
  const kept = stored ?? {};
  return {
    checkoutSecret: configured.checkoutSecret ?? (kept[KEYS.checkoutSecret] as string),
    webhookSecret: configured.webhookSecret ?? (kept[KEYS.webhookSecret] as string),
    manageLinkSecret: configured.manageLinkSecret ?? (kept[KEYS.manageLinkSecret] as string),
  };
}

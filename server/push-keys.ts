import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVapidKeys, type VapidKeys } from '../adapters/web-push/web-push-sender';
import type { AppConfig } from './config';
import { SECRETS_FILE_NAME } from './payment-secrets';

const PUBLIC = 'vapidPublicKey';
const PRIVATE = 'vapidPrivateKey';

function readKept(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} is not a JSON object; fix it or remove it`, { cause: error });
  }
}

/**
 * Web push's VAPID keys (docs/notifications.md#push): the configured pair, else one made on the
 * first start and kept in DATA_DIR/secrets.json beside the payment secrets (mode 0600). They must
 * outlive a restart: every device subscribed to the public key, and a new one ends them all.
 */
export function resolveVapidKeys(config: Pick<AppConfig, 'dataDir' | 'vapid' | 'publicBaseUrl'>): VapidKeys {
  const base = new URL(config.publicBaseUrl);
  // A push service writes to the subject about the key; https: or mailto: only (RFC 8292).
  const subject = base.protocol === 'https:' ? base.origin : `mailto:webmaster@${base.hostname}`;
  const { publicKey, privateKey } = config.vapid;
  if (publicKey !== null && privateKey !== null) return { publicKey, privateKey, subject };
  if (publicKey !== null || privateKey !== null) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SECRETS_FILE_NAME);
  const kept = readKept(file);
  if (typeof kept[PUBLIC] !== 'string' || typeof kept[PRIVATE] !== 'string') {
    const made = generateVapidKeys();
    writeFileSync(file, `${JSON.stringify({ ...kept, [PUBLIC]: made.publicKey, [PRIVATE]: made.privateKey }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return { ...made, subject };
  }
  return { publicKey: kept[PUBLIC], privateKey: kept[PRIVATE], subject };
}

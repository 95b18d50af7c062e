import { z } from 'zod';

/**
 * Every setting of the server, read from the environment here and nowhere else. `loadConfig`
 * reports every missing or bad key at once, so one failed start shows everything to fix.
 */

const STORAGE_CHOICES = ['sqlite', 'firestore'] as const;
const SEARCH_CHOICES = ['sqlite', 'algolia'] as const;
const PAYMENTS_CHOICES = ['test', 'square'] as const;
const IDENTITY_CHOICES = ['local', 'firebase'] as const;
const CAMPAIGNS_CHOICES = ['database', 'mailerlite'] as const;

/**
 * Adapter choices this build can run. A choice that the setting accepts but that is not built yet
 * fails at start with a message naming the setting, rather than at the first request.
 */
export const BUILT_ADAPTERS = {
  STORAGE: ['sqlite'],
  SEARCH: ['sqlite'],
  PAYMENTS: ['test'],
  IDENTITY: ['local'],
  CAMPAIGNS: ['database'],
} as const satisfies Record<string, readonly string[]>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanText = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const text = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(text)) return true;
      if (['false', '0', 'no', 'off'].includes(text)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    });

const integerText = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      if (!/^\d+$/.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number (got "${value}")` });
        return z.NEVER;
      }
      const n = Number(value.trim());
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max} (got ${n})` });
        return z.NEVER;
      }
      return n;
    });

const choice = <T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const text = value.trim().toLowerCase();
      if ((choices as readonly string[]).includes(text)) return text as T[number];
      ctx.addIssue({ code: 'custom', message: `must be one of ${choices.join(', ')} (got "${value}")` });
      return z.NEVER;
    });

const httpUrl = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? fallback;
      try {
        const url = new URL(text);
        if (url.protocol === 'http:' || url.protocol === 'https:') return text;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL (got "${value}")` });
      return z.NEVER;
    });

const email = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? fallback;
      if (z.email().safeParse(text).success) return text;
      ctx.addIssue({ code: 'custom', message: `must be an e-mail address (got "${value}")` });
      return z.NEVER;
    });

const EnvSchema = z.object({
  PORT: integerText(3000, 0, 65535),
  HOST: z.string().trim().min(1).optional().default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).optional().default('./data'),
  NODE_ENV: choice(['development', 'production', 'test'] as const, 'development'),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const text = value.trim().toLowerCase();
      if ((LOG_LEVELS as readonly string[]).includes(text)) return text as (typeof LOG_LEVELS)[number];
      ctx.addIssue({ code: 'custom', message: `must be one of ${LOG_LEVELS.join(', ')} (got "${value}")` });
      return z.NEVER;
    }),
  CLUB_NAME: z.string().trim().min(1).max(200).optional().default('Kestrel Yacht Club'),
  PUBLIC_SITE_URL: httpUrl('https://www.kestrel-yc.example'),
  FEEDBACK_EMAIL: email('feedback@kestrel-yc.example'),
  PHOTOS_EMAIL: email('photos@kestrel-yc.example'),
  WATER_LEVEL_URL: httpUrl('https://www.kestrel-yc.example/reservoir-levels'),
  WATER_SAFETY_URL: httpUrl('https://www.kestrel-yc.example/water-safety'),
  STORAGE: choice(STORAGE_CHOICES, 'sqlite'),
  SEARCH: choice(SEARCH_CHOICES, 'sqlite'),
  PAYMENTS: choice(PAYMENTS_CHOICES, 'test'),
  IDENTITY: choice(IDENTITY_CHOICES, 'local'),
  CAMPAIGNS: choice(CAMPAIGNS_CHOICES, 'database'),
  MAX_ATTENDEES_PER_BOOKING: integerText(50, 1, 10000),
  PAYMENTS_TEST_HOOK: booleanText(false),
  INITIAL_ADMIN_EMAIL: email('admin@kestrel-yc.example'),
  INITIAL_ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 8, 'must be at least 8 characters long'),
  SEED_DEMO_DATA: booleanText(true),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): boolean | number | string => {
      if (value === undefined) return false;
      const text = value.trim();
      if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
      if (/^\d{1,2}$/.test(text)) return Number(text);
      // Express also takes names (loopback, uniquelocal) and address lists.
      if (/^[A-Za-z0-9.:/, _-]{1,500}$/.test(text)) return text;
      ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count or addresses (got "${value}")` });
      return z.NEVER;
    }),
});

export type StorageChoice = (typeof STORAGE_CHOICES)[number];
export type SearchChoice = (typeof SEARCH_CHOICES)[number];
export type PaymentsChoice = (typeof PAYMENTS_CHOICES)[number];
export type IdentityChoice = (typeof IDENTITY_CHOICES)[number];
export type CampaignsChoice = (typeof CAMPAIGNS_CHOICES)[number];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  clubName: string;
  publicSiteUrl: string;
  feedbackEmail: string;
  photosEmail: string;
  waterLevelUrl: string;
  waterSafetyUrl: string;
  adapters: {
    storage: StorageChoice;
    search: SearchChoice;
    payments: PaymentsChoice;
    identity: IdentityChoice;
    campaigns: CampaignsChoice;
  };
  maxAttendeesPerBooking: number;
  paymentsTestHook: boolean;
  initialAdminEmail: string;
  /** null: a random password is generated and printed once. */
  initialAdminPassword: string | null;
  seedDemoData: boolean;
  trustProxy: boolean | number | string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from the environment. Throws one ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable (`PORT=`) means "not set", as it does in most .env files.
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    input[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  const parsed = EnvSchema.safeParse(input);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    }
  }
  // Checked on the raw text too, so these show up beside any other bad key.
  const raw = (key: string) => input[key]?.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(raw('PAYMENTS_TEST_HOOK') ?? '') && raw('NODE_ENV') === 'production') {
    problems.push('PAYMENTS_TEST_HOOK: must not be true when NODE_ENV=production');
  }
  for (const [key, built] of Object.entries(BUILT_ADAPTERS)) {
    const chosen = raw(key);
    const accepted = (EnvSchema.shape[key as keyof typeof BUILT_ADAPTERS].safeParse(chosen).success);
    if (chosen !== undefined && accepted && !(built as readonly string[]).includes(chosen)) {
      problems.push(`${key}: "${chosen}" is not available in this build yet; use ${key}=${built.join(' or ')}`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    clubName: e.CLUB_NAME,
    publicSiteUrl: e.PUBLIC_SITE_URL,
    feedbackEmail: e.FEEDBACK_EMAIL,
    photosEmail: e.PHOTOS_EMAIL,
    waterLevelUrl: e.WATER_LEVEL_URL,
    waterSafetyUrl: e.WATER_SAFETY_URL,
    adapters: {
      storage: e.STORAGE,
      search: e.SEARCH,
      payments: e.PAYMENTS,
      identity: e.IDENTITY,
      campaigns: e.CAMPAIGNS,
    },
    maxAttendeesPerBooking: e.MAX_ATTENDEES_PER_BOOKING,
    paymentsTestHook: e.PAYMENTS_TEST_HOOK,
    initialAdminEmail: e.INITIAL_ADMIN_EMAIL,
    initialAdminPassword: e.INITIAL_ADMIN_PASSWORD ?? null,
    seedDemoData: e.SEED_DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
  };
}

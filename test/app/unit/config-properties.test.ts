import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type AppConfig } from '../../../server/config';

/** The configuration read from `env`, or the problems listed instead. */
function outcome(env: Record<string, string>): { config: AppConfig } | { problems: string[] } {
  try {
    return { config: loadConfig(env) };
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return { problems: (error as ConfigError).problems };
  }
}

/** `word` as someone may type it: in any case, with blanks around it. */
const typed = (word: string) =>
  fc
    .tuple(fc.constantFrom('', ' ', '\t'), fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }), fc.constantFrom('', ' ', '\n'))
    .map(([before, upper, after]) => before + [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('') + after);

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
const FLAGS: Record<string, (config: AppConfig) => boolean> = {
  PAYMENTS_TEST_HOOK: (config) => config.paymentsTestHook,
  SEED_DEMO_DATA: (config) => config.seedDemoData,
  ALLOW_TEST_PAYMENTS: (config) => config.allowTestPayments,
};

describe('true-or-false settings', () => {
  it('read every accepted word, in any case and with blanks around it, as what it means', () => {
    const word = fc.oneof(
      fc.constantFrom(...TRUE_WORDS).chain((w) => typed(w).map((text) => ({ text, value: true }))),
      fc.constantFrom(...FALSE_WORDS).chain((w) => typed(w).map((text) => ({ text, value: false }))),
    );
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(FLAGS)), word, (key, { text, value }) => {
        expect(FLAGS[key](loadConfig({ [key]: text }))).toBe(value);
      }),
    );
  });

  it('refuse any other text, quoting it as written', () => {
    const other = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((s) => s.trim() !== '' && ![...TRUE_WORDS, ...FALSE_WORDS].includes(s.trim().toLowerCase()));
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(FLAGS)), other, (key, text) => {
        expect(outcome({ [key]: text })).toEqual({ problems: [`${key}: must be true or false (got "${text}")`] });
      }),
    );
  });
});

/** Each whole-number setting: its range, where the server reads it, and what else it needs. */
const NUMBERS: { key: string; min: number; max: number; read: (config: AppConfig) => number | undefined; with?: Record<string, string> }[] = [
  { key: 'PORT', min: 0, max: 65535, read: (c) => c.port },
  { key: 'MAX_ATTENDEES_PER_BOOKING', min: 1, max: 10000, read: (c) => c.maxAttendeesPerBooking, with: { BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '1000000' } },
  { key: 'BOOKING_LIMIT_PER_MINUTE', min: 1, max: 10000, read: (c) => c.bookingLimits.perMinute },
  { key: 'BOOKING_LIMIT_PER_DAY', min: 1, max: 1000000, read: (c) => c.bookingLimits.perDay },
  {
    key: 'BOOKING_MAX_HELD_PLACES_PER_ADDRESS',
    min: 1,
    max: 1000000,
    read: (c) => c.bookingLimits.maxHeldPlacesPerAddress,
    with: { MAX_ATTENDEES_PER_BOOKING: '1' },
  },
  { key: 'BOOKING_MAX_UNPAID_SHARE_OF_EVENT', min: 1, max: 100, read: (c) => c.bookingLimits.maxUnpaidSharePercent },
  { key: 'WORKDAY_SIGNUP_LIMIT_PER_MINUTE', min: 1, max: 10000, read: (c) => c.workDaySignupLimits.perMinute },
  { key: 'WORKDAY_SIGNUP_LIMIT_PER_DAY', min: 1, max: 1000000, read: (c) => c.workDaySignupLimits.perDay },
  { key: 'REMINDER_DAYS_BEFORE', min: 0, max: 60, read: (c) => c.reminderDaysBefore },
  { key: 'WAITLIST_OFFER_HOURS', min: 1, max: 168, read: (c) => c.waitingListOfferHours },
  {
    key: 'MAILERLITE_CACHE_SECONDS',
    min: 0,
    max: 86400,
    read: (c) => (c.mailerlite ? c.mailerlite.cacheMs / 1000 : undefined),
    with: { CAMPAIGNS: 'mailerlite', MAILERLITE_API_KEY: 'ml-key' },
  },
];
const numberSetting = fc.constantFrom(...NUMBERS);

describe('whole-number settings', () => {
  it('give back any number in range, also with leading zeros and blanks', () => {
    const written = (setting: (typeof NUMBERS)[number]) =>
      fc
        .tuple(
          fc.oneof(fc.constantFrom(setting.min, setting.max), fc.integer({ min: setting.min, max: setting.max })),
          fc.constantFrom('', '0', '00'),
          fc.constantFrom('', ' '),
        )
        .map(([n, zeros, blank]) => ({ n, text: `${blank}${zeros}${n}${blank}` }));
    fc.assert(
      fc.property(
        numberSetting.chain((setting) => written(setting).map((number) => ({ setting, ...number }))),
        ({ setting, n, text }) => {
          expect(setting.read(loadConfig({ ...setting.with, [setting.key]: text }))).toBe(n);
        },
      ),
    );
  });

  it('refuse a number out of range, naming the range', () => {
    const outside = (setting: (typeof NUMBERS)[number]) =>
      fc.oneof(
        fc.constantFrom(setting.max + 1, ...(setting.min > 0 ? [setting.min - 1] : [])),
        fc.integer({ min: setting.max + 1, max: 10 ** 12 }),
        ...(setting.min > 0 ? [fc.integer({ min: 0, max: setting.min - 1 })] : []),
      );
    fc.assert(
      fc.property(
        numberSetting.chain((setting) => outside(setting).map((n) => ({ setting, n }))),
        ({ setting, n }) => {
          expect(outcome({ ...setting.with, [setting.key]: String(n) })).toEqual({
            problems: [`${setting.key}: must be between ${setting.min} and ${setting.max} (got ${n})`],
          });
        },
      ),
    );
  });

  it('refuse anything but digits (a sign, a point, an exponent, words), quoting it as written', () => {
    const notDigits = fc.oneof(
      fc.integer({ min: -1000, max: -1 }).map(String),
      fc.constantFrom('+5', '1.0', '1e3', '0x10', 'ten', '1 000', '١٢'),
      fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== '' && !/^\s*\d+\s*$/.test(s)),
    );
    fc.assert(
      fc.property(numberSetting, notDigits, (setting, text) => {
        expect(outcome({ ...setting.with, [setting.key]: text })).toEqual({ problems: [`${setting.key}: must be a whole number (got "${text}")`] });
      }),
    );
  });
});

/** Each provider choice: the keys that provider needs (with good values), and its part of the configuration. */
const PROVIDERS: { choice: string; provider: string; needs: Record<string, string>; part: (config: AppConfig) => unknown }[] = [
  {
    choice: 'PAYMENTS',
    provider: 'square',
    needs: {
      SQUARE_ENVIRONMENT: 'sandbox',
      SQUARE_ACCESS_TOKEN: 'EAAA-token',
      SQUARE_LOCATION_ID: 'L1234',
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
      SQUARE_WEBHOOK_SIGNATURE_KEY: 'signature-key',
      SQUARE_WEBHOOK_URL: 'https://club.example/api/webhooks/square',
    },
    part: (c) => c.square,
  },
  { choice: 'IDENTITY', provider: 'firebase', needs: { FIREBASE_PROJECT_ID: 'kyc-prod', FIREBASE_WEB_API_KEY: 'AIza-key' }, part: (c) => c.firebase },
  { choice: 'CAMPAIGNS', provider: 'mailerlite', needs: { MAILERLITE_API_KEY: 'ml-key' }, part: (c) => c.mailerlite },
  { choice: 'STORAGE', provider: 'firestore', needs: { FIRESTORE_PROJECT_ID: 'kestrel-yc' }, part: (c) => c.firestore },
  {
    choice: 'SEARCH',
    provider: 'algolia',
    needs: { ALGOLIA_APP_ID: 'APP123', ALGOLIA_SEARCH_KEY: 'search-key', ALGOLIA_ADMIN_KEY: 'admin-key' },
    part: (c) => c.algolia,
  },
];

describe('provider choices', () => {
  it("require a provider's keys exactly when it is chosen, naming each missing one", () => {
    // For each provider: chosen or not, and which of its keys are set.
    const plan = fc.tuple(...PROVIDERS.map((p) => fc.record({ chosen: fc.boolean(), given: fc.subarray(Object.keys(p.needs)), written: typed(p.provider) })));
    fc.assert(
      fc.property(plan, (plans) => {
        const env: Record<string, string> = {};
        const missing: string[] = [];
        PROVIDERS.forEach((p, i) => {
          const { chosen, given, written } = plans[i];
          if (chosen) env[p.choice] = written;
          for (const key of given) env[key] = p.needs[key];
          if (chosen)
            for (const key of Object.keys(p.needs).filter((k) => !given.includes(k))) missing.push(`${key}: is required with ${p.choice}=${p.provider}`);
        });
        const result = outcome(env);
        if (missing.length > 0) {
          expect(result).toEqual({ problems: missing });
          return;
        }
        expect(result).toHaveProperty('config');
        const { config } = result as { config: AppConfig };
        PROVIDERS.forEach((p, i) => {
          if (plans[i].chosen) expect(p.part(config)).not.toBeNull();
          else expect(p.part(config)).toBeNull();
        });
      }),
    );
  });
});

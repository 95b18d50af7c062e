import { DEFAULT_PUSH_SERVICE_HOSTS } from '../core/push/push';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { emulatorIdentityToolkitUrl, IDENTITY_TOOLKIT_URL } from '../adapters/firebase/identity-toolkit-url';
import { MAILERLITE_API_URL } from '../adapters/mailerlite/mailerlite-campaign-source';
import { OPEN_METEO_API_URL } from '../adapters/open-meteo/open-meteo-conditions-source';
import { DEFAULT_ALERT_HOURS } from '../core/conditions/conditions-alerts';
import { DEFAULT_REMINDER_DAYS_BEFORE } from '../core/reminders/reminders';
import { DEFAULT_RETENTION } from '../core/privacy/retention-schedule';
import { DEFAULT_DUTY_REMINDER_DAYS } from '../core/duties/duty-reminders';
import { DEFAULT_DUTY_RED_ALERT_DAYS } from '../core/duties/staffing-alerts';
import { DEFAULT_WAITING_LIST_OFFER_HOURS } from '../core/waiting-list/waiting-list';

/**
 * Every setting of the server, read from the environment here and nowhere else, by one zod
 * schema (`ConfigSchema`). `loadConfig` reports every missing or bad key at once, so one failed
 * start shows everything to fix. Read it top down: the kinds of value, the providers and the keys
 * each needs, every other key, then what the server gets.
 */

/** How Square's application ids begin in each environment (Developer Dashboard > Credentials). */
export const SQUARE_APPLICATION_ID_PREFIX = { sandbox: 'sandbox-sq0idb-', production: 'sq0idp-' } as const;
/** The payment secrets sign checkout ids and webhooks; shorter ones are guessable. */
const MIN_SECRET_LENGTH = 16;

export const TRUST_PROXY_TRUE_MESSAGE =
  "must not be true: that believes any client's X-Forwarded-For header, so anyone could pick their own address. " +
  'Give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. loopback, 10.0.0.2)';

export const TEST_PAYMENTS_IN_PRODUCTION_MESSAGE =
  'is test (the default) with NODE_ENV=production: the test card form moves no money. ' +
  'Set PAYMENTS=square to take real payments, or ALLOW_TEST_PAYMENTS=true if test payments are really meant';

/** The start of the problem a missing key gives when a setting needs it. */
const REQUIRED = 'is required with';

// The kinds of value. Every value arrives as text; blanks around it are a copy-and-paste slip,
// so they are forgiven, and a problem quotes the value as it was written.

/** The value, trimmed and lower-cased, when that makes it one of `words`; otherwise as written. */
const asOneOf = (words: readonly string[]) => (value: string) => {
  const word = value.trim().toLowerCase();
  return words.includes(word) ? word : value;
};

/** One of `choices`, in any case. */
const choice = <const T extends readonly [string, ...string[]]>(choices: T) =>
  z.preprocess(asOneOf(choices), z.enum(choices, { error: (issue) => `must be one of ${choices.join(', ')} (got "${String(issue.input)}")` }));

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** true or false, written as one of TRUE_WORDS or FALSE_WORDS in any case. */
const flag = () =>
  z.preprocess(
    asOneOf([...TRUE_WORDS, ...FALSE_WORDS]),
    z.stringbool({ truthy: TRUE_WORDS, falsy: FALSE_WORDS, error: (issue) => `must be true or false (got "${String(issue.input)}")` }),
  );

/** A whole number from `min` to `max`, written in digits only (no sign, point or exponent). */
const wholeNumber = (min: number, max: number) => {
  const outside = (issue: { input?: unknown }) => `must be between ${min} and ${max} (got ${String(issue.input)})`;
  return z
    .string()
    .regex(/^\s*\d+\s*$/, { error: (issue) => `must be a whole number (got "${String(issue.input)}")` })
    .pipe(
      z.coerce.number<string>({ error: outside }).min(min, { error: outside, abort: true }).max(max, { error: outside, abort: true }).int({ error: outside }),
    );
};

/** Text that passes `ok` once trimmed; otherwise the problem is `message(the value as written)`. */
const text = (ok: (text: string) => boolean, message: (value: string) => string) =>
  z
    .string()
    .refine((value) => ok(value.trim()), { error: (issue) => message(String(issue.input)) })
    .trim();

const isUrl = (value: string, protocols: readonly string[]) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** An address; `https` only when the provider must reach it from the internet. */
const url = (protocols: readonly ('http:' | 'https:')[] = ['http:', 'https:']) =>
  text(
    (value) => isUrl(value, protocols),
    (value) => `must be ${protocols.length === 1 ? 'an https URL' : 'an http(s) URL'} (got "${value}")`,
  );

const isEmail = (value: string) => z.email().safeParse(value).success;
const email = () => text(isEmail, (value) => `must be an e-mail address (got "${value}")`);

/** A secret or key: any text, trimmed. */
const secret = (minLength = 1) => z.string().trim().min(minLength, `must be at least ${minLength} characters long`);

/** A key that `setting` (e.g. PAYMENTS=square) needs: when it is missing, the problem says so. */
const neededBy =
  (setting: string) =>
  <T extends z.ZodType<unknown, string>>(schema: T) =>
    z.string({ error: `${REQUIRED} ${setting}` }).pipe(schema);

// The providers. Each choice is a discriminated union: the chosen branch requires the keys that
// provider needs; the other branch still checks them when they are set, so a bad one is found
// before the provider is switched on.

/**
 * The choice of `key`, one of its `options`' values in any case, `fallback` when unset. A choice
 * that is none of them is reported as such, and the keys are then checked as for `fallback`.
 */
function provider<const Key extends string, const Options extends readonly [z.ZodObject, ...z.ZodObject[]]>(key: Key, fallback: string, options: Options) {
  const choices = options.map((option) => String((option.shape[key] as z.ZodLiteral).value)) as [string, ...string[]];
  const chosen = choice(choices).default(fallback);
  return z
    .object({ [key]: chosen } as Record<Key, typeof chosen>)
    .and(z.preprocess((env: Record<string, unknown>) => ({ ...env, [key]: chosen.safeParse(env[key]).data ?? fallback }), z.discriminatedUnion(key, options)));
}

/**
 * The choice of `key` between the embedded default and one outside provider, which needs `keys`;
 * with the default they may be left out, and each one set is still checked.
 */
function embeddedOr<const Key extends string, const Embedded extends string, const Outside extends string, Shape extends z.ZodRawShape>(
  key: Key,
  embedded: Embedded,
  outside: Outside,
  keys: z.ZodObject<Shape>,
) {
  const chosen = <const Value extends string>(value: Value) => ({ [key]: z.literal(value) }) as Record<Key, z.ZodLiteral<Value>>;
  return provider(key, embedded, [z.object({ ...chosen(embedded), ...keys.partial().shape }), z.object({ ...chosen(outside), ...keys.shape })]);
}

const squareNeeds = neededBy('PAYMENTS=square');
const SquareKeys = z.object({
  SQUARE_ENVIRONMENT: squareNeeds(choice(['sandbox', 'production'])),
  SQUARE_ACCESS_TOKEN: squareNeeds(secret()),
  SQUARE_LOCATION_ID: squareNeeds(secret()),
  SQUARE_APPLICATION_ID: squareNeeds(secret()),
  SQUARE_WEBHOOK_SIGNATURE_KEY: squareNeeds(secret()),
  /** The webhook subscription's notification URL, exactly as entered at Square (it is signed). */
  SQUARE_WEBHOOK_URL: squareNeeds(url(['https:'])),
  SQUARE_BASE_URL: url().optional(),
});
const Payments = embeddedOr('PAYMENTS', 'test', 'square', SquareKeys);

const firebaseNeeds = neededBy('IDENTITY=firebase');
const FirebaseKeys = z.object({
  FIREBASE_PROJECT_ID: firebaseNeeds(secret()),
  FIREBASE_WEB_API_KEY: firebaseNeeds(secret()),
  FIREBASE_AUTH_EMULATOR_HOST: text(
    (value) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(value) || /^\[[0-9A-Fa-f:]+\]:\d{1,5}$/.test(value),
    (value) => `must be host:port, e.g. 127.0.0.1:9099 (got "${value}")`,
  ).optional(),
  FIREBASE_IDENTITY_TOOLKIT_URL: url().optional(),
});
const Identity = embeddedOr('IDENTITY', 'local', 'firebase', FirebaseKeys);

const MailerLiteKeys = z.object({
  MAILERLITE_API_KEY: neededBy('CAMPAIGNS=mailerlite')(secret()),
  MAILERLITE_BASE_URL: url().default(MAILERLITE_API_URL),
  MAILERLITE_CACHE_SECONDS: wholeNumber(0, 86400).default(300),
});
const Campaigns = embeddedOr('CAMPAIGNS', 'database', 'mailerlite', MailerLiteKeys);

/** A decimal number of degrees from -limit to limit ("51.4912", "-1.25"). */
const degrees = (limit: number) =>
  text(
    (value) => /^-?\d{1,3}(\.\d{1,8})?$/.test(value) && Math.abs(Number(value)) <= limit,
    (value) => `must be decimal degrees from -${limit} to ${limit}, e.g. 51.4912 (got "${value}")`,
  ).transform(Number);
const conditionsNeeds = neededBy('CONDITIONS=open-meteo');
const OpenMeteoKeys = z.object({
  /** The club's position (WGS84 decimal degrees): where the forecast is for. */
  CONDITIONS_LATITUDE: conditionsNeeds(degrees(90)),
  CONDITIONS_LONGITUDE: conditionsNeeds(degrees(180)),
  OPEN_METEO_BASE_URL: url().default(OPEN_METEO_API_URL),
  /** Commercial subscriptions only (customer-api.open-meteo.com). */
  OPEN_METEO_API_KEY: secret().optional(),
});
const Conditions = embeddedOr('CONDITIONS', 'none', 'open-meteo', OpenMeteoKeys);
/** Hours before an event's start when admins are alerted of conditions near or beyond the limits: "48,24". */
const alertHours = () =>
  text(
    (value) => /^none$/i.test(value) || value.split(',').every((part) => /^\s*\d{1,3}\s*$/.test(part) && Number(part) >= 1 && Number(part) <= 336),
    (value) => `must be hours from 1 to 336 separated by commas, e.g. 48,24, or none (got "${value}")`,
  ).transform((value) => (/^none$/i.test(value) ? [] : [...new Set(value.split(',').map((part) => Number(part.trim())))].sort((a, b) => b - a)));

/** One "Name: phone" pair of CLUB_EMERGENCY_CONTACTS, or null when it is not one. */
function emergencyContact(part: string): { name: string; phone: string } | null {
  const colon = part.lastIndexOf(':');
  const name = part.slice(0, colon).trim();
  const phone = part.slice(colon + 1).trim();
  if (colon < 0 || name.length < 1 || name.length > 100 || !/^\+?[0-9][0-9 ()-]{1,39}$/.test(phone)) return null;
  return { name, phone };
}

/** The club's emergency numbers, "Name: phone" pairs separated by semicolons, or none. */
const emergencyContacts = () =>
  text(
    (value) => /^none$/i.test(value) || (value.split(';').length <= 20 && value.split(';').every((part) => emergencyContact(part) !== null)),
    (value) => `must be "Name: phone" pairs separated by semicolons, e.g. "Coastguard: 999; Harbour master: 01234 567890", or none (got "${value}")`,
  ).transform((value) => (/^none$/i.test(value) ? [] : value.split(';').flatMap((part) => emergencyContact(part) ?? [])));

/** Days before an event, comma-separated (14,3), or none: the duty reminders' days, most first. */
const dutyReminderDays = () =>
  text(
    (value) => /^none$/i.test(value) || value.split(',').every((part) => /^\s*\d{1,2}\s*$/.test(part) && Number(part) >= 1 && Number(part) <= 60),
    (value) => `must be days from 1 to 60 separated by commas, e.g. 14,3, or none (got "${value}")`,
  ).transform((value) => (/^none$/i.test(value) ? [] : [...new Set(value.split(',').map((part) => Number(part.trim())))].sort((a, b) => b - a)));

const FirestoreKeys = z.object({
  FIRESTORE_PROJECT_ID: neededBy('STORAGE=firestore')(
    z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a Google Cloud project id (6 to 30 lower-case letters, digits and hyphens)'),
  ),
  GOOGLE_APPLICATION_CREDENTIALS: z
    .string()
    .trim()
    .refine((file) => existsSync(file), 'must name an existing service-account key file')
    .optional(),
  FIRESTORE_COLLECTION_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, "_" and "-"')
    .default(''),
});
const Storage = embeddedOr('STORAGE', 'sqlite', 'firestore', FirestoreKeys);

const algoliaNeeds = neededBy('SEARCH=algolia');
const AlgoliaKeys = z.object({
  ALGOLIA_APP_ID: algoliaNeeds(secret()),
  ALGOLIA_SEARCH_KEY: algoliaNeeds(secret()),
  ALGOLIA_ADMIN_KEY: algoliaNeeds(secret()),
  ALGOLIA_INDEX_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]*$/, 'may hold only letters, digits, "_", "-" and "."')
    .default('kyc_'),
  /** Test-only: other hosts than Algolia's own (refused in production by loadConfig). */
  ALGOLIA_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const hosts = value
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      const bad = hosts.find((host) => !isUrl(host, ['http:', 'https:']) || !['/', ''].includes(new URL(host).pathname));
      if (bad === undefined) return hosts;
      ctx.addIssue({ code: 'custom', message: `must be comma-separated http(s) base URLs without a path (got "${bad}")` });
      return z.NEVER;
    })
    .default([]),
});
const Search = embeddedOr('SEARCH', 'sqlite', 'algolia', AlgoliaKeys);

// Every other key.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ServerKeys = z.object({
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  NODE_ENV: choice(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: choice(LOG_LEVELS).optional(),
  CLUB_NAME: z.string().trim().min(1).max(200).default('Kestrel Yacht Club'),
  PUBLIC_SITE_URL: url().default('https://www.kestrel-yc.example'),
  FEEDBACK_EMAIL: email().default('feedback@kestrel-yc.example'),
  PHOTOS_EMAIL: email().default('photos@kestrel-yc.example'),
  WATER_LEVEL_URL: url().default('https://www.kestrel-yc.example/reservoir-levels'),
  WATER_SAFETY_URL: url().default('https://www.kestrel-yc.example/water-safety'),
  MAX_ATTENDEES_PER_BOOKING: wholeNumber(1, 10000).default(50),
  PAYMENTS_TEST_HOOK: flag().default(false),
  INITIAL_ADMIN_EMAIL: email().default('admin@kestrel-yc.example'),
  INITIAL_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters long').optional(),
  // The default depends on NODE_ENV (off in production): undefined when not set.
  SEED_DEMO_DATA: flag().optional(),
  ALLOW_TEST_PAYMENTS: flag().default(false),
  BOOKING_LIMIT_PER_MINUTE: wholeNumber(1, 10000).default(10),
  BOOKING_LIMIT_PER_DAY: wholeNumber(1, 1000000).default(60),
  BOOKING_MAX_HELD_PLACES_PER_ADDRESS: wholeNumber(1, 1000000).default(100),
  BOOKING_MAX_UNPAID_SHARE_OF_EVENT: wholeNumber(1, 100).default(50),
  WORKDAY_SIGNUP_LIMIT_PER_MINUTE: wholeNumber(1, 10000).default(5),
  WORKDAY_SIGNUP_LIMIT_PER_DAY: wholeNumber(1, 1000000).default(20),
  PAYMENTS_CHECKOUT_SECRET: secret(MIN_SECRET_LENGTH).optional(),
  PAYMENTS_WEBHOOK_SECRET: secret(MIN_SECRET_LENGTH).optional(),
  MANAGE_LINK_SECRET: secret(MIN_SECRET_LENGTH).optional(),
  /** The push services' hosts the server posts to (a device's subscription elsewhere is refused); default: the browsers' own (DEFAULT_PUSH_SERVICE_HOSTS). */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const hosts = value
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find((host) => !/^[a-z0-9.-]+$/.test(host));
      if (bad === undefined && hosts.length > 0) return hosts;
      ctx.addIssue({ code: 'custom', message: `must be comma-separated host names, e.g. fcm.googleapis.com (got "${bad ?? value}")` });
      return z.NEVER;
    })
    .default([...DEFAULT_PUSH_SERVICE_HOSTS]),
  /** The VAPID key pair of web push (base64url); unset, one is made once and kept in DATA_DIR. Set both on several instances. */
  VAPID_PUBLIC_KEY: text(
    (value) => /^[A-Za-z0-9_-]{87}$/.test(value),
    () => 'must be a P-256 public key in base64url (87 characters)',
  ).optional(),
  VAPID_PRIVATE_KEY: text(
    (value) => /^[A-Za-z0-9_-]{43}$/.test(value),
    () => 'must be a P-256 private key in base64url (43 characters)',
  ).optional(),
  /** A nodemailer connection URL for the club's SMTP server: smtp:// (STARTTLS when offered) or smtps://. */
  SMTP_URL: text(
    (value) => isUrl(value, ['smtp:', 'smtps:']) && new URL(value).hostname !== '',
    // The URL holds a password: never echo it.
    () => 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.org:465',
  ).optional(),
  /** The sender of the club's e-mails: an address, or a name and an address ("Club <bookings@club.org>"). */
  MAIL_FROM: text(
    (value) => isEmail((/^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value).trim()),
    (value) => `must be an e-mail address, or a name and an address like "Kestrel Yacht Club <bookings@kestrel-yc.example>" (got "${value}")`,
  ).optional(),
  PUBLIC_BASE_URL: url().optional(),
  REMINDER_DAYS_BEFORE: wholeNumber(0, 60).default(DEFAULT_REMINDER_DAYS_BEFORE),
  CONDITIONS_ALERT_HOURS: alertHours().default([...DEFAULT_ALERT_HOURS]),
  CLUB_EMERGENCY_CONTACTS: emergencyContacts().default([{ name: 'Emergency services, ask for the Coastguard', phone: '999' }]),
  DUTY_REMINDER_DAYS: dutyReminderDays().default([...DEFAULT_DUTY_REMINDER_DAYS]),
  DUTY_RED_ALERT_DAYS: wholeNumber(0, 60).default(DEFAULT_DUTY_RED_ALERT_DAYS),
  WAITLIST_OFFER_HOURS: wholeNumber(1, 168).default(DEFAULT_WAITING_LIST_OFFER_HOURS),
  // The retention schedule (docs/data-protection.md): how long each kind of personal data is kept.
  RETENTION_BOOKING_DETAILS_MONTHS: wholeNumber(1, 240).default(DEFAULT_RETENTION.bookingDetailsMonths),
  RETENTION_FINANCIAL_YEARS: wholeNumber(1, 30).default(DEFAULT_RETENTION.financialRecordsYears),
  RETENTION_OUTBOX_BODY_DAYS: wholeNumber(1, 3650).default(DEFAULT_RETENTION.outboxBodyDays),
  RETENTION_SIGN_IN_ATTEMPT_DAYS: wholeNumber(1, 3650).default(DEFAULT_RETENTION.signInAttemptDays),
  RETENTION_LAPSED_MEMBER_MONTHS: wholeNumber(1, 240).default(DEFAULT_RETENTION.lapsedMemberMonths),
  RETENTION_WAITING_LIST_DAYS: wholeNumber(1, 3650).default(DEFAULT_RETENTION.waitingListDays),
  RETENTION_WORK_DAY_SIGNUP_MONTHS: wholeNumber(1, 240).default(DEFAULT_RETENTION.workDaySignupMonths),
  RETENTION_DUTY_SIGNUP_MONTHS: wholeNumber(1, 240).default(DEFAULT_RETENTION.dutySignupMonths),
  RETENTION_RUN_HOUR: wholeNumber(0, 23).default(3),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): false | number | string => {
      const text = value.trim();
      if (/^false$/i.test(text)) return false;
      if (/^true$/i.test(text)) {
        // Express would then take the left-most X-Forwarded-For address, which any client writes.
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
        return z.NEVER;
      }
      if (/^\d{1,2}$/.test(text)) return Number(text);
      // Express also takes names (loopback, uniquelocal) and address lists.
      if (/^[A-Za-z0-9.:/, _-]{1,500}$/.test(text)) return text;
      ctx.addIssue({ code: 'custom', message: `must be false, a hop count or the proxies' addresses (got "${value}")` });
      return z.NEVER;
    })
    .default(false),
});

/**
 * The settings as the server uses them: the one schema's output, so the type cannot drift from
 * what is read. Every key's checks, and which keys a provider needs, are in the schema; the
 * other checks across keys in loadConfig.
 */
const ConfigSchema = ServerKeys.and(Payments)
  .and(Identity)
  .and(Campaigns)
  .and(Conditions)
  .and(Storage)
  .and(Search)
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? ('silent' as const) : ('info' as const)),
    clubName: e.CLUB_NAME,
    publicSiteUrl: e.PUBLIC_SITE_URL,
    feedbackEmail: e.FEEDBACK_EMAIL,
    photosEmail: e.PHOTOS_EMAIL,
    waterLevelUrl: e.WATER_LEVEL_URL,
    waterSafetyUrl: e.WATER_SAFETY_URL,
    adapters: { storage: e.STORAGE, search: e.SEARCH, payments: e.PAYMENTS, identity: e.IDENTITY, campaigns: e.CAMPAIGNS, conditions: e.CONDITIONS },
    maxAttendeesPerBooking: e.MAX_ATTENDEES_PER_BOOKING,
    paymentsTestHook: e.PAYMENTS_TEST_HOOK,
    initialAdminEmail: e.INITIAL_ADMIN_EMAIL,
    /** null: a random password is generated and printed once. */
    initialAdminPassword: e.INITIAL_ADMIN_PASSWORD ?? null,
    /** Demo events in a live club's calendar would take real bookings: off by default in production. */
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    /** PAYMENTS=test allowed with NODE_ENV=production (a rehearsal, not a live club). */
    allowTestPayments: e.ALLOW_TEST_PAYMENTS,
    /** false, a hop count or the proxies' addresses; never `true` (any client could choose its address). */
    trustProxy: e.TRUST_PROXY,
    /** Per client address, answered 429 beyond (express-rate-limit on the AddressLimitStore port). */
    workDaySignupLimits: { perMinute: e.WORKDAY_SIGNUP_LIMIT_PER_MINUTE, perDay: e.WORKDAY_SIGNUP_LIMIT_PER_DAY },
    bookingLimits: {
      perMinute: e.BOOKING_LIMIT_PER_MINUTE,
      perDay: e.BOOKING_LIMIT_PER_DAY,
      maxHeldPlacesPerAddress: e.BOOKING_MAX_HELD_PLACES_PER_ADDRESS,
      maxUnpaidSharePercent: e.BOOKING_MAX_UNPAID_SHARE_OF_EVENT,
    },
    payments: {
      /** null: made once and kept in DATA_DIR (see payment-secrets.ts). */
      checkoutSecret: e.PAYMENTS_CHECKOUT_SECRET ?? null,
      webhookSecret: e.PAYMENTS_WEBHOOK_SECRET ?? null,
      /** null: made once and kept in DATA_DIR beside the payment secrets. */
      manageLinkSecret: e.MANAGE_LINK_SECRET ?? null,
    },
    /** Web push's VAPID keys (docs/notifications.md#push); null: made once and kept in DATA_DIR (server/push-keys.ts). */
    vapid: { publicKey: e.VAPID_PUBLIC_KEY ?? null, privateKey: e.VAPID_PRIVATE_KEY ?? null },
    /** The push services' hosts a device's subscription may name (core/push/push.ts, pushServiceAllowed). */
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    /** Set when PAYMENTS=square. */
    square:
      e.PAYMENTS === 'square'
        ? {
            environment: e.SQUARE_ENVIRONMENT,
            accessToken: e.SQUARE_ACCESS_TOKEN,
            locationId: e.SQUARE_LOCATION_ID,
            applicationId: e.SQUARE_APPLICATION_ID,
            webhookSignatureKey: e.SQUARE_WEBHOOK_SIGNATURE_KEY,
            webhookUrl: e.SQUARE_WEBHOOK_URL,
            baseUrl: e.SQUARE_BASE_URL ?? null,
          }
        : null,
    /** Set when IDENTITY=firebase. */
    firebase:
      e.IDENTITY === 'firebase'
        ? {
            projectId: e.FIREBASE_PROJECT_ID,
            webApiKey: e.FIREBASE_WEB_API_KEY,
            identityToolkitUrl:
              e.FIREBASE_IDENTITY_TOOLKIT_URL ??
              (e.FIREBASE_AUTH_EMULATOR_HOST ? emulatorIdentityToolkitUrl(e.FIREBASE_AUTH_EMULATOR_HOST) : IDENTITY_TOOLKIT_URL),
          }
        : null,
    /** Set when STORAGE=firestore. */
    firestore:
      e.STORAGE === 'firestore'
        ? { projectId: e.FIRESTORE_PROJECT_ID, credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS ?? null, collectionPrefix: e.FIRESTORE_COLLECTION_PREFIX }
        : null,
    /** Set when SEARCH=algolia. The admin key stays on the server; browsers only talk to our API. */
    algolia:
      e.SEARCH === 'algolia'
        ? {
            appId: e.ALGOLIA_APP_ID,
            searchKey: e.ALGOLIA_SEARCH_KEY,
            adminKey: e.ALGOLIA_ADMIN_KEY,
            indexPrefix: e.ALGOLIA_INDEX_PREFIX,
            hosts: e.ALGOLIA_HOSTS,
          }
        : null,
    /** Where members reach this app: the links in e-mails start with it. */
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    /** Set when SMTP_URL is: e-mails are then sent; without it they stay in the outbox for admins to read. */
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? '' } : null,
    /** Days before an event its reminder e-mails go out; 0: none at all. */
    reminderDaysBefore: e.REMINDER_DAYS_BEFORE,
    waitingListOfferHours: e.WAITLIST_OFFER_HOURS,
    /** How long each kind of personal data is kept (core/privacy/retention-schedule.ts). */
    retentionSchedule: {
      bookingDetailsMonths: e.RETENTION_BOOKING_DETAILS_MONTHS,
      financialRecordsYears: e.RETENTION_FINANCIAL_YEARS,
      outboxBodyDays: e.RETENTION_OUTBOX_BODY_DAYS,
      signInAttemptDays: e.RETENTION_SIGN_IN_ATTEMPT_DAYS,
      lapsedMemberMonths: e.RETENTION_LAPSED_MEMBER_MONTHS,
      waitingListDays: e.RETENTION_WAITING_LIST_DAYS,
      workDaySignupMonths: e.RETENTION_WORK_DAY_SIGNUP_MONTHS,
      dutySignupMonths: e.RETENTION_DUTY_SIGNUP_MONTHS,
    },
    /** The London hour of the nightly retention run. */
    retentionRunHour: e.RETENTION_RUN_HOUR,
    /** Set when CONDITIONS=open-meteo: where the forecast is for, and where it is asked. */
    openMeteo:
      e.CONDITIONS === 'open-meteo'
        ? { latitude: e.CONDITIONS_LATITUDE, longitude: e.CONDITIONS_LONGITUDE, baseUrl: e.OPEN_METEO_BASE_URL, apiKey: e.OPEN_METEO_API_KEY ?? null }
        : null,
    /** Hours before an event when admins are alerted of its conditions, longest first; empty: no alerts. */
    conditionsAlertHours: e.CONDITIONS_ALERT_HOURS,
    /** The club's own emergency numbers, shown on the officer of the day's page. */
    emergencyContacts: e.CLUB_EMERGENCY_CONTACTS,
    /** Days before an event its duty holders are reminded, most first; empty: no duty reminders. */
    dutyReminderDays: e.DUTY_REMINDER_DAYS,
    /** A red staffing light within this many days of an event e-mails the duty admins; 0: never. */
    dutyRedAlertDays: e.DUTY_RED_ALERT_DAYS,
    /** Set when CAMPAIGNS=mailerlite. */
    mailerlite:
      e.CAMPAIGNS === 'mailerlite' ? { apiKey: e.MAILERLITE_API_KEY, baseUrl: e.MAILERLITE_BASE_URL, cacheMs: e.MAILERLITE_CACHE_SECONDS * 1000 } : null,
  }));

export type AppConfig = z.output<typeof ConfigSchema>;
export type StorageChoice = AppConfig['adapters']['storage'];
export type SearchChoice = AppConfig['adapters']['search'];
export type PaymentsChoice = AppConfig['adapters']['payments'];
export type IdentityChoice = AppConfig['adapters']['identity'];
export type CampaignsChoice = AppConfig['adapters']['campaigns'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from the environment. Throws one ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable (`PORT=`) means "not set", as it does in most .env files.
  const input = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value?.trim() === '' ? undefined : value]));
  const parsed = ConfigSchema.safeParse(input);
  // What is wrong first, then the checks across keys, then what is missing.
  const problems: string[] = [];
  const missing: string[] = [];
  for (const issue of parsed.error?.issues ?? []) {
    (issue.message.startsWith(REQUIRED) ? missing : problems).push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  }

  // Checked on the text of each key, so these show up beside any other bad key.
  const read = <K extends keyof typeof ServerKeys.shape>(key: K) => ServerKeys.shape[key].safeParse(input[key]).data;
  const production = read('NODE_ENV') === 'production';
  if (production && read('PAYMENTS_TEST_HOOK') === true) {
    problems.push('PAYMENTS_TEST_HOOK: must not be true when NODE_ENV=production');
  }
  if (production && (input.PAYMENTS?.trim().toLowerCase() ?? 'test') === 'test' && read('ALLOW_TEST_PAYMENTS') !== true) {
    problems.push(`PAYMENTS: ${TEST_PAYMENTS_IN_PRODUCTION_MESSAGE}`);
  }
  if (production && input.ALGOLIA_HOSTS !== undefined) {
    // A test-only switch: in production the search traffic goes to Algolia's own hosts.
    problems.push('ALGOLIA_HOSTS: must not be set when NODE_ENV=production');
  }
  if (production && input.FIREBASE_AUTH_EMULATOR_HOST !== undefined) {
    // firebase-admin trusts the emulator's unsigned tokens: anyone could forge a session.
    problems.push('FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production');
  }
  if (input.SMTP_URL !== undefined) {
    for (const key of ['MAIL_FROM', ...(production ? ['PUBLIC_BASE_URL'] : [])]) {
      if (input[key] === undefined) missing.push(`${key}: ${REQUIRED} SMTP_URL`);
    }
  }
  problems.push(...missing);

  const square = parsed.data?.square;
  if (square) {
    // A sandbox id with production (or the reverse) fails only in a member's browser: say so now.
    const prefix = SQUARE_APPLICATION_ID_PREFIX[square.environment];
    if (!square.applicationId.startsWith(prefix)) {
      problems.push(`SQUARE_APPLICATION_ID: must start with "${prefix}" with SQUARE_ENVIRONMENT=${square.environment} (is it the other environment's id?)`);
    }
  }
  if (parsed.data && parsed.data.bookingLimits.maxHeldPlacesPerAddress < parsed.data.maxAttendeesPerBooking) {
    problems.push('BOOKING_MAX_HELD_PLACES_PER_ADDRESS: must be at least MAX_ATTENDEES_PER_BOOKING, or the largest booking is always refused');
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

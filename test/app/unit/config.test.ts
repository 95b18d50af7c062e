import { describe, expect, it } from 'vitest';
import { loadConfig, TEST_PAYMENTS_IN_PRODUCTION_MESSAGE, TRUST_PROXY_TRUE_MESSAGE } from '../../../server/config';
import { problemsOf } from '../../support/unit/config-problems';

describe('loadConfig', () => {
  it('starts with no settings at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      nodeEnv: 'development',
      logLevel: 'info',
      clubName: 'Kestrel Yacht Club',
      publicSiteUrl: 'https://www.kestrel-yc.example',
      adapters: { storage: 'sqlite', search: 'sqlite', payments: 'test', identity: 'local', campaigns: 'database' },
      maxAttendeesPerBooking: 50,
      paymentsTestHook: false,
      initialAdminEmail: 'admin@kestrel-yc.example',
      initialAdminPassword: null,
      seedDemoData: true,
      trustProxy: false,
    });
  });

  it('reads every setting, treating empty values as unset and tests as quiet', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/kyc',
      NODE_ENV: 'test',
      CLUB_NAME: 'Heron SC',
      PUBLIC_SITE_URL: 'https://heron.example',
      FEEDBACK_EMAIL: 'f@heron.example',
      PHOTOS_EMAIL: 'p@heron.example',
      WATER_LEVEL_URL: 'https://water.example/levels',
      WATER_SAFETY_URL: 'https://water.example/safety',
      MAX_ATTENDEES_PER_BOOKING: '12',
      PAYMENTS_TEST_HOOK: 'true',
      INITIAL_ADMIN_EMAIL: 'first@heron.example',
      INITIAL_ADMIN_PASSWORD: 'a-secret-password',
      SEED_DEMO_DATA: 'false',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/kyc',
      logLevel: 'silent',
      clubName: 'Heron SC',
      maxAttendeesPerBooking: 12,
      paymentsTestHook: true,
      initialAdminPassword: 'a-secret-password',
      seedDemoData: false,
      trustProxy: 'loopback',
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('lists every bad key in one error', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      PUBLIC_SITE_URL: 'ftp://club.example',
      FEEDBACK_EMAIL: 'not-an-email',
      WATER_LEVEL_URL: 'nope',
      STORAGE: 'mysql',
      MAX_ATTENDEES_PER_BOOKING: '0',
      PAYMENTS_TEST_HOOK: 'maybe',
      INITIAL_ADMIN_PASSWORD: 'short',
      SEED_DEMO_DATA: 'perhaps',
    });
    const keys = problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual(
      [
        'FEEDBACK_EMAIL',
        'INITIAL_ADMIN_PASSWORD',
        'LOG_LEVEL',
        'MAX_ATTENDEES_PER_BOOKING',
        'NODE_ENV',
        'PAYMENTS_TEST_HOOK',
        'PORT',
        'PUBLIC_SITE_URL',
        'SEED_DEMO_DATA',
        'STORAGE',
        'WATER_LEVEL_URL',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('STORAGE'))).toBe('STORAGE: must be one of sqlite, firestore (got "mysql")');
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', SEED_DEMO_DATA: 'perhaps' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid configuration:\n  - PORT: must be a whole number (got "eighty")\n  - SEED_DEMO_DATA: must be true or false (got "perhaps")');
  });

  it("keeps e-mail in the outbox without SMTP_URL; with it, reads the server, the sender and the links' base", () => {
    expect(loadConfig({})).toMatchObject({ mail: null, publicBaseUrl: 'http://localhost:3000' });
    expect(loadConfig({ PORT: '8080', SMTP_URL: ' ' })).toMatchObject({ mail: null, publicBaseUrl: 'http://localhost:8080' });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://club:s3cret@smtp.example.org:465',
        MAIL_FROM: 'Kestrel Yacht Club <bookings@kestrel-yc.example>',
        PUBLIC_BASE_URL: 'https://members.kestrel-yc.example/',
      }),
    ).toMatchObject({
      mail: { smtpUrl: 'smtps://club:s3cret@smtp.example.org:465', from: 'Kestrel Yacht Club <bookings@kestrel-yc.example>' },
      publicBaseUrl: 'https://members.kestrel-yc.example',
    });
  });

  it('refuses a bad mail setting without echoing its password, and asks for the sender (and in production the base URL) with SMTP_URL', () => {
    const bad = problemsOf({ SMTP_URL: 'http://club:s3cret@smtp.example.org', MAIL_FROM: 'bookings at club', PUBLIC_BASE_URL: 'ftp://x' });
    expect(bad.map((p) => p.split(':')[0]).sort()).toEqual(['MAIL_FROM', 'PUBLIC_BASE_URL', 'SMTP_URL']);
    expect(bad.join('\n')).not.toContain('s3cret');
    expect(problemsOf({ SMTP_URL: 'smtp://smtp.example.org' })).toEqual(['MAIL_FROM: is required with SMTP_URL']);
    expect(
      problemsOf({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', SMTP_URL: 'smtp://smtp.example.org', MAIL_FROM: 'bookings@kestrel-yc.example' }),
    ).toEqual(['PUBLIC_BASE_URL: is required with SMTP_URL']);
  });

  it('refuses the payment test hook in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', PAYMENTS_TEST_HOOK: 'true' })).toEqual([
      'PAYMENTS_TEST_HOOK: must not be true when NODE_ENV=production',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).paymentsTestHook).toBe(false);
  });

  it('refuses test payments in production unless ALLOW_TEST_PAYMENTS=true says they are meant', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([`PAYMENTS: ${TEST_PAYMENTS_IN_PRODUCTION_MESSAGE}`]);
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS: 'test' })).toEqual([`PAYMENTS: ${TEST_PAYMENTS_IN_PRODUCTION_MESSAGE}`]);
    expect(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE).toContain('PAYMENTS=square');
    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
    expect(allowed.adapters.payments).toBe('test');
    expect(allowed.allowTestPayments).toBe(true);
    // Outside production the test gateway is the embedded default, as before.
    expect(loadConfig({}).adapters.payments).toBe('test');
  });

  it('seeds demo data by default only outside production', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it("refuses TRUST_PROXY=true, which would believe any client's X-Forwarded-For", () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([`TRUST_PROXY: ${TRUST_PROXY_TRUE_MESSAGE}`]);
    expect(problemsOf({ TRUST_PROXY: 'TRUE' })).toEqual([`TRUST_PROXY: ${TRUST_PROXY_TRUE_MESSAGE}`]);
    expect(TRUST_PROXY_TRUE_MESSAGE).toMatch(/X-Forwarded-For/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, loopback' }).trustProxy).toBe('10.0.0.2, loopback');
  });

  it('reads the booking limits per address, and keeps the largest booking possible', () => {
    expect(loadConfig({}).bookingLimits).toEqual({ perMinute: 10, perDay: 60, maxHeldPlacesPerAddress: 100, maxUnpaidSharePercent: 50 });
    expect(
      loadConfig({
        BOOKING_LIMIT_PER_MINUTE: '3',
        BOOKING_LIMIT_PER_DAY: '20',
        BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '60',
        BOOKING_MAX_UNPAID_SHARE_OF_EVENT: '100',
      }).bookingLimits,
    ).toEqual({ perMinute: 3, perDay: 20, maxHeldPlacesPerAddress: 60, maxUnpaidSharePercent: 100 });
    expect(problemsOf({ BOOKING_LIMIT_PER_MINUTE: '0' })).toEqual(['BOOKING_LIMIT_PER_MINUTE: must be between 1 and 10000 (got 0)']);
    expect(problemsOf({ BOOKING_MAX_UNPAID_SHARE_OF_EVENT: '0' })).toEqual(['BOOKING_MAX_UNPAID_SHARE_OF_EVENT: must be between 1 and 100 (got 0)']);
    expect(loadConfig({}).workDaySignupLimits).toEqual({ perMinute: 5, perDay: 20 });
    expect(problemsOf({ WORKDAY_SIGNUP_LIMIT_PER_DAY: 'many' })).toHaveLength(1);
    expect(problemsOf({ BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '20' })).toEqual([
      'BOOKING_MAX_HELD_PLACES_PER_ADDRESS: must be at least MAX_ATTENDEES_PER_BOOKING, or the largest booking is always refused',
    ]);
  });

  it('names every key a production adapter choice needs, beside other problems', () => {
    const problems = problemsOf({ STORAGE: 'firestore', SEARCH: 'algolia', PORT: '-1' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'FIRESTORE_PROJECT_ID: is required with STORAGE=firestore',
        'ALGOLIA_APP_ID: is required with SEARCH=algolia',
        'ALGOLIA_SEARCH_KEY: is required with SEARCH=algolia',
        'ALGOLIA_ADMIN_KEY: is required with SEARCH=algolia',
      ]),
    );
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems).toHaveLength(5);
  });

  it('reads the Firestore and Algolia settings when they are chosen', () => {
    const config = loadConfig({
      STORAGE: 'firestore',
      FIRESTORE_PROJECT_ID: 'kestrel-yc',
      FIRESTORE_COLLECTION_PREFIX: 'staging_',
      SEARCH: 'algolia',
      ALGOLIA_APP_ID: 'APP123',
      ALGOLIA_SEARCH_KEY: 'search-key',
      ALGOLIA_ADMIN_KEY: 'admin-key',
      ALGOLIA_HOSTS: 'http://127.0.0.1:8123, http://127.0.0.1:8124',
    });
    expect(config.firestore).toEqual({ projectId: 'kestrel-yc', credentialsFile: null, collectionPrefix: 'staging_' });
    expect(config.algolia).toEqual({
      appId: 'APP123',
      searchKey: 'search-key',
      adminKey: 'admin-key',
      indexPrefix: 'kyc_',
      hosts: ['http://127.0.0.1:8123', 'http://127.0.0.1:8124'],
    });
    expect(loadConfig({}).firestore).toBeNull();
    expect(loadConfig({}).algolia).toBeNull();
  });

  it('refuses bad Firestore and Algolia settings and test-only hosts in production', () => {
    expect(
      problemsOf({
        STORAGE: 'firestore',
        FIRESTORE_PROJECT_ID: 'Not A Project',
        GOOGLE_APPLICATION_CREDENTIALS: '/no/such/key.json',
        SEARCH: 'algolia',
        ALGOLIA_APP_ID: 'A',
        ALGOLIA_SEARCH_KEY: 's',
        ALGOLIA_ADMIN_KEY: 'a',
        ALGOLIA_HOSTS: 'ftp://x',
      }),
    ).toEqual([
      expect.stringMatching(/^FIRESTORE_PROJECT_ID: must be a Google Cloud project id/),
      'GOOGLE_APPLICATION_CREDENTIALS: must name an existing service-account key file',
      expect.stringMatching(/^ALGOLIA_HOSTS: must be comma-separated http\(s\) base URLs/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', ALGOLIA_HOSTS: 'http://127.0.0.1:1' })).toContain(
      'ALGOLIA_HOSTS: must not be set when NODE_ENV=production',
    );
  });
});

describe('REMINDER_DAYS_BEFORE', () => {
  it('is 2 days unless set; 0 turns reminders off; a whole number from 0 to 60', () => {
    expect(loadConfig({}).reminderDaysBefore).toBe(2);
    expect(loadConfig({ REMINDER_DAYS_BEFORE: '7' }).reminderDaysBefore).toBe(7);
    expect(loadConfig({ REMINDER_DAYS_BEFORE: '0' }).reminderDaysBefore).toBe(0);
    expect(problemsOf({ REMINDER_DAYS_BEFORE: '61' })).toEqual(['REMINDER_DAYS_BEFORE: must be between 0 and 60 (got 61)']);
    expect(problemsOf({ REMINDER_DAYS_BEFORE: 'two' })).toEqual(['REMINDER_DAYS_BEFORE: must be a whole number (got "two")']);
  });
});

describe('WAITLIST_OFFER_HOURS', () => {
  it('is 24 hours unless set; a whole number from 1 to 168', () => {
    expect(loadConfig({}).waitingListOfferHours).toBe(24);
    expect(loadConfig({ WAITLIST_OFFER_HOURS: '48' }).waitingListOfferHours).toBe(48);
    expect(problemsOf({ WAITLIST_OFFER_HOURS: '0' })).toEqual(['WAITLIST_OFFER_HOURS: must be between 1 and 168 (got 0)']);
    expect(problemsOf({ WAITLIST_OFFER_HOURS: 'a day' })).toEqual(['WAITLIST_OFFER_HOURS: must be a whole number (got "a day")']);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { resolvePaymentSecrets, SECRETS_FILE_NAME } from '../../../server/payment-secrets';
import { problemsOf } from '../../support/unit/config-problems';

const SQUARE = {
  PAYMENTS: 'square',
  SQUARE_ENVIRONMENT: 'sandbox',
  SQUARE_ACCESS_TOKEN: 'EAAA-sandbox-token',
  SQUARE_LOCATION_ID: 'L1234',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'signature-key',
  SQUARE_WEBHOOK_URL: 'https://club.example/api/webhooks/square',
};

describe('payments settings', () => {
  it('runs test mode with no settings, its secrets left to DATA_DIR', () => {
    const config = loadConfig({});
    expect(config.adapters.payments).toBe('test');
    expect(config.payments).toEqual({ checkoutSecret: null, webhookSecret: null, manageLinkSecret: null });
    expect(config.square).toBeNull();
  });

  it('refuses payment secrets shorter than 16 characters', () => {
    expect(problemsOf({ PAYMENTS_CHECKOUT_SECRET: 'short', PAYMENTS_WEBHOOK_SECRET: '0123456789abcde' })).toEqual([
      'PAYMENTS_CHECKOUT_SECRET: must be at least 16 characters long',
      'PAYMENTS_WEBHOOK_SECRET: must be at least 16 characters long',
    ]);
    expect(loadConfig({ PAYMENTS_CHECKOUT_SECRET: '0123456789abcdef' }).payments.checkoutSecret).toBe('0123456789abcdef');
  });

  it('reads every Square setting', () => {
    const config = loadConfig({ ...SQUARE, SQUARE_ENVIRONMENT: 'Production', SQUARE_APPLICATION_ID: 'sq0idp-app', SQUARE_BASE_URL: 'http://127.0.0.1:9999' });
    expect(config.adapters.payments).toBe('square');
    expect(config.square).toEqual({
      environment: 'production',
      accessToken: 'EAAA-sandbox-token',
      locationId: 'L1234',
      applicationId: 'sq0idp-app',
      webhookSignatureKey: 'signature-key',
      webhookUrl: 'https://club.example/api/webhooks/square',
      baseUrl: 'http://127.0.0.1:9999',
    });
  });

  it('refuses a Square application id of the other environment', () => {
    expect(problemsOf({ ...SQUARE, SQUARE_ENVIRONMENT: 'production' })).toEqual([
      'SQUARE_APPLICATION_ID: must start with "sq0idp-" with SQUARE_ENVIRONMENT=production (is it the other environment\'s id?)',
    ]);
    expect(problemsOf({ ...SQUARE, SQUARE_APPLICATION_ID: 'sq0idp-app' })).toEqual([
      'SQUARE_APPLICATION_ID: must start with "sandbox-sq0idb-" with SQUARE_ENVIRONMENT=sandbox (is it the other environment\'s id?)',
    ]);
    expect(loadConfig({ ...SQUARE }).square?.applicationId).toBe('sandbox-sq0idb-app');
  });

  it('names every Square setting that PAYMENTS=square is missing, and a webhook URL that is not https', () => {
    expect(problemsOf({ PAYMENTS: 'square' }).sort()).toEqual(
      [
        'SQUARE_ENVIRONMENT: is required with PAYMENTS=square',
        'SQUARE_ACCESS_TOKEN: is required with PAYMENTS=square',
        'SQUARE_LOCATION_ID: is required with PAYMENTS=square',
        'SQUARE_APPLICATION_ID: is required with PAYMENTS=square',
        'SQUARE_WEBHOOK_SIGNATURE_KEY: is required with PAYMENTS=square',
        'SQUARE_WEBHOOK_URL: is required with PAYMENTS=square',
      ].sort(),
    );
    expect(problemsOf({ ...SQUARE, SQUARE_WEBHOOK_URL: 'http://club.example/api/webhooks/square', SQUARE_ENVIRONMENT: 'live' })).toEqual([
      'SQUARE_ENVIRONMENT: must be one of sandbox, production (got "live")',
      'SQUARE_WEBHOOK_URL: must be an https URL (got "http://club.example/api/webhooks/square")',
    ]);
  });
});

describe('Firebase Authentication settings', () => {
  const FIREBASE = { IDENTITY: 'firebase', FIREBASE_PROJECT_ID: 'kyc-prod', FIREBASE_WEB_API_KEY: 'AIza-key' };

  it("uses Google's Identity Toolkit unless the emulator or another address is set", () => {
    expect(loadConfig(FIREBASE).firebase).toEqual({
      projectId: 'kyc-prod',
      webApiKey: 'AIza-key',
      identityToolkitUrl: 'https://identitytoolkit.googleapis.com/v1',
    });
    expect(loadConfig({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase?.identityToolkitUrl).toBe(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1',
    );
    expect(
      loadConfig({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_IDENTITY_TOOLKIT_URL: 'http://127.0.0.1:7000/v1' }).firebase
        ?.identityToolkitUrl,
    ).toBe('http://127.0.0.1:7000/v1');
    expect(loadConfig({}).firebase).toBeNull();
  });

  it('needs the project id and Web API key, and refuses the emulator in production', () => {
    expect(problemsOf({ IDENTITY: 'firebase' })).toEqual([
      'FIREBASE_PROJECT_ID: is required with IDENTITY=firebase',
      'FIREBASE_WEB_API_KEY: is required with IDENTITY=firebase',
    ]);
    expect(problemsOf({ ...FIREBASE, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production',
    ]);
    expect(problemsOf({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099', FIREBASE_IDENTITY_TOOLKIT_URL: 'nope' })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must be host:port, e.g. 127.0.0.1:9099 (got "http://127.0.0.1:9099")',
      'FIREBASE_IDENTITY_TOOLKIT_URL: must be an http(s) URL (got "nope")',
    ]);
  });
});

describe('MailerLite settings', () => {
  it("defaults to MailerLite's API and a five-minute cache", () => {
    expect(loadConfig({ CAMPAIGNS: 'mailerlite', MAILERLITE_API_KEY: 'ml-key' }).mailerlite).toEqual({
      apiKey: 'ml-key',
      baseUrl: 'https://connect.mailerlite.com/api',
      cacheMs: 300_000,
    });
    expect(
      loadConfig({ CAMPAIGNS: 'mailerlite', MAILERLITE_API_KEY: 'ml-key', MAILERLITE_BASE_URL: 'http://127.0.0.1:8080/api', MAILERLITE_CACHE_SECONDS: '0' })
        .mailerlite,
    ).toEqual({ apiKey: 'ml-key', baseUrl: 'http://127.0.0.1:8080/api', cacheMs: 0 });
    expect(loadConfig({}).mailerlite).toBeNull();
  });

  it('needs the API key and a cache time from 0 to 86400 seconds', () => {
    expect(problemsOf({ CAMPAIGNS: 'mailerlite', MAILERLITE_CACHE_SECONDS: '86401' })).toEqual([
      'MAILERLITE_CACHE_SECONDS: must be between 0 and 86400 (got 86401)',
      'MAILERLITE_API_KEY: is required with CAMPAIGNS=mailerlite',
    ]);
  });
});

describe('conditions settings', () => {
  it('default to no forecast (no network) and alerts 48 and 24 hours before', () => {
    const config = loadConfig({});
    expect(config.adapters.conditions).toBe('none');
    expect(config.openMeteo).toBeNull();
    expect(config.conditionsAlertHours).toEqual([48, 24]);
  });

  it('with CONDITIONS=open-meteo, take the club position, the base URL and an optional key', () => {
    expect(loadConfig({ CONDITIONS: 'open-meteo', CONDITIONS_LATITUDE: '51.4912', CONDITIONS_LONGITUDE: '-1.25' }).openMeteo).toEqual({
      latitude: 51.4912,
      longitude: -1.25,
      baseUrl: 'https://api.open-meteo.com',
      apiKey: null,
    });
    expect(
      loadConfig({
        CONDITIONS: 'Open-Meteo',
        CONDITIONS_LATITUDE: '0',
        CONDITIONS_LONGITUDE: '180',
        OPEN_METEO_BASE_URL: 'http://127.0.0.1:9/',
        OPEN_METEO_API_KEY: 'k',
      }).openMeteo,
    ).toMatchObject({ latitude: 0, longitude: 180, apiKey: 'k' });
    expect(loadConfig({ CONDITIONS_ALERT_HOURS: '24, 72,24' }).conditionsAlertHours).toEqual([72, 24]);
    expect(loadConfig({ CONDITIONS_ALERT_HOURS: 'none' }).conditionsAlertHours).toEqual([]);
  });

  it('name every missing or bad key', () => {
    expect(problemsOf({ CONDITIONS: 'open-meteo', CONDITIONS_LATITUDE: '91', CONDITIONS_ALERT_HOURS: '48,soon' })).toEqual([
      'CONDITIONS_ALERT_HOURS: must be hours from 1 to 336 separated by commas, e.g. 48,24, or none (got "48,soon")',
      'CONDITIONS_LATITUDE: must be decimal degrees from -90 to 90, e.g. 51.4912 (got "91")',
      'CONDITIONS_LONGITUDE: is required with CONDITIONS=open-meteo',
    ]);
    expect(problemsOf({ CONDITIONS: 'met-office' })).toEqual(['CONDITIONS: must be one of none, open-meteo (got "met-office")']);
  });
});

describe('payment secrets kept in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-secrets-'));
    dirs.push(dir);
    return join(dir, 'data');
  };

  it('makes them once, readable by the owner only, and gives the same ones after a restart', () => {
    const dir = dataDir();
    const first = resolvePaymentSecrets({ dataDir: dir, payments: { checkoutSecret: null, webhookSecret: null, manageLinkSecret: null } });
    expect(first.checkoutSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.manageLinkSecret.length).toBeGreaterThanOrEqual(32);
    expect(new Set([first.checkoutSecret, first.webhookSecret, first.manageLinkSecret]).size).toBe(3);
    const file = join(dir, SECRETS_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolvePaymentSecrets({ dataDir: dir, payments: { checkoutSecret: null, webhookSecret: null, manageLinkSecret: null } })).toEqual(first);
  });

  it('prefers configured secrets and writes nothing when both are set', () => {
    const dir = dataDir();
    const configured = {
      checkoutSecret: 'configured-checkout-secret',
      webhookSecret: 'configured-webhook-secret',
      manageLinkSecret: 'configured-manage-link-secret',
    };
    expect(resolvePaymentSecrets({ dataDir: dir, payments: configured })).toEqual(configured);
    expect(() => statSync(join(dir, SECRETS_FILE_NAME))).toThrow();
    const mixed = resolvePaymentSecrets({
      dataDir: dir,
      payments: { checkoutSecret: 'configured-checkout-secret', webhookSecret: null, manageLinkSecret: null },
    });
    expect(mixed.checkoutSecret).toBe('configured-checkout-secret');
    expect(JSON.parse(readFileSync(join(dir, SECRETS_FILE_NAME), 'utf8')).paymentsWebhookSecret).toBe(mixed.webhookSecret);
  });

  it("adds the manage-link secret to an older deployment's file, keeping its payment secrets", () => {
    const dir = dataDir();
    const older = { paymentsCheckoutSecret: 'c'.repeat(40), paymentsWebhookSecret: 'w'.repeat(40) };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, SECRETS_FILE_NAME), JSON.stringify(older));
    const secrets = resolvePaymentSecrets({ dataDir: dir, payments: { checkoutSecret: null, webhookSecret: null, manageLinkSecret: null } });
    expect(secrets).toMatchObject({ checkoutSecret: older.paymentsCheckoutSecret, webhookSecret: older.paymentsWebhookSecret });
    expect(JSON.parse(readFileSync(join(dir, SECRETS_FILE_NAME), 'utf8'))).toEqual({ ...older, manageLinkSecret: secrets.manageLinkSecret });
  });

  it('refuses a damaged secrets file rather than silently replacing it', () => {
    const dir = dataDir();
    resolvePaymentSecrets({ dataDir: dir, payments: { checkoutSecret: null, webhookSecret: null, manageLinkSecret: null } });
    writeFileSync(join(dir, SECRETS_FILE_NAME), '{ not json');
    expect(() => resolvePaymentSecrets({ dataDir: dir, payments: { checkoutSecret: null, webhookSecret: null, manageLinkSecret: null } })).toThrow(
      /is not a JSON object/,
    );
  });
});

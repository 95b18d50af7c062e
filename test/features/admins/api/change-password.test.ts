import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '../../../../core/admin-accounts/change-password-schema';
import { ADMIN_MESSAGES } from '../../../../core/admin-accounts/create-admin';
import { LOGIN_MESSAGES } from '../../../../core/admins/login';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from '../../../support/firebase-auth-emulator';
import { addAdmin, FETCH, PASSWORD, laptopAndPhone, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';

const EMAIL = 'commodore@example.org';
const NEW_PASSWORD = 'a brand new password';
const PATH = '/api/admin/account/password';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
});

type Agent = ReturnType<TestApp['agent']>;

const change = (agent: Agent, body: object, ip = '198.51.100.1') => agent.post(PATH).set(FETCH).set('X-Forwarded-For', ip).send(body);
const signInStatus = async (app: TestApp, password: string, ip = '203.0.113.9') =>
  (await app.agent().post('/api/admin/session').set(FETCH).set('X-Forwarded-For', ip).send({ email: EMAIL, password })).status;

/** What a refused change must leave as it was: the admins, the audit log, the sessions' owners. */
async function stored(app: TestApp): Promise<string> {
  return JSON.stringify([await app.get('admins').list(), await app.get('audit').list({ limit: 1000 })]);
}

/**
 * The same walk on local accounts and on Firebase Authentication: the admin signed in on a
 * laptop and a phone changes the password on the laptop.
 */
/** An app of its own (addresses from X-Forwarded-For, for the throttle), disposed after the file. */
async function localApp(): Promise<TestApp> {
  const app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  apps.push(app);
  return app;
}

/** A local app with the admin signed in on a laptop, and what is stored of the password before. */
async function signedInLaptop() {
  const app = await localApp();
  await addAdmin(app, EMAIL);
  const laptop = app.agent();
  await signIn(laptop, EMAIL);
  return { app, laptop, before: await stored(app) };
}

function changesOwnPassword(start: () => Promise<TestApp>) {
  it('refuses a wrong current password with 400 and changes nothing: the old password and both sessions still work', async () => {
    const app = await start();
    await addAdmin(app, EMAIL);
    const { laptop, phone } = await laptopAndPhone(app, EMAIL);
    const before = await stored(app);

    const refused = await change(laptop, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: CHANGE_PASSWORD_MESSAGES.currentWrong, fields: { currentPassword: CHANGE_PASSWORD_MESSAGES.currentWrong } });
    expect(refused.headers['set-cookie']).toBeUndefined();

    expect(await stored(app)).toBe(before);
    expect((await laptop.get('/api/admin/session')).status).toBe(200);
    expect((await phone.get('/api/admin/session')).status).toBe(200);
    expect(await signInStatus(app, NEW_PASSWORD)).toBe(401);
    expect(await signInStatus(app, PASSWORD)).toBe(200);
  });

  it('sets the new password: it signs in and the old one does not; the phone is signed out, the laptop stays; the audit log says so without a password', async () => {
    const app = await start();
    const admin = await addAdmin(app, EMAIL);
    const { laptop, phone } = await laptopAndPhone(app, EMAIL);

    const done = await change(laptop, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: CHANGE_PASSWORD_MESSAGES.done });
    // The laptop goes on with a fresh session cookie, as after a sign-in.
    expect(String(done.headers['set-cookie'])).toMatch(/^kyc_session=[^;]+;.*HttpOnly/);

    expect((await laptop.get('/api/admin/session')).body.admin).toMatchObject({ uid: admin.uid, email: EMAIL });
    expect((await laptop.get('/api/admin/dashboard')).status).toBe(200);
    expect((await phone.get('/api/admin/session')).status).toBe(401);
    expect(await signInStatus(app, PASSWORD)).toBe(401);
    expect(await signInStatus(app, NEW_PASSWORD)).toBe(200);

    const audit = await laptop.get('/api/admin/audit').query({ recordId: admin.uid });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'admin.password-changed',
        actor: { kind: 'admin', uid: admin.uid, email: EMAIL },
        recordType: 'admin',
        recordId: admin.uid,
        changes: [],
      }),
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit.body)).not.toContain(PASSWORD);
  });
}

describe("changing one's own admin password (local accounts)", () => {
  changesOwnPassword(localApp);

  it("answers bad input with the rule's messages, before any password is checked (the throttle is not touched)", async () => {
    const { app, laptop, before } = await signedInLaptop();
    const cases: [object, Record<string, string>][] = [
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, { currentPassword: CHANGE_PASSWORD_MESSAGES.currentRequired }],
      [{ currentPassword: PASSWORD, newPassword: 'short' }, { newPassword: ADMIN_MESSAGES.passwordTooShort }],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, { newPassword: CHANGE_PASSWORD_MESSAGES.sameAsCurrent }],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [body, fields] of cases) {
        const res = await change(laptop, body);
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual(fields);
      }
    }
    expect(await stored(app)).toBe(before);
    // Nine refusals, none of them a guess: the right password still goes through at once.
    expect((await change(laptop, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: after 5 from one address even the right one gets 429 there, and sign-in too', async () => {
    const { app, laptop, before } = await signedInLaptop();
    for (let i = 0; i < 5; i += 1)
      expect((await change(laptop, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD }, '198.51.100.7')).status).toBe(400);
    const limited = await change(laptop, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: LOGIN_MESSAGES.tooMany });
    expect(await signInStatus(app, PASSWORD, '198.51.100.7')).toBe(429);
    expect(await stored(app)).toBe(before);
    expect((await laptop.get('/api/admin/session')).status).toBe(200);
    // Another address is not held up by those failures (ADR 0027).
    expect((await change(laptop, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, '203.0.113.5')).status).toBe(200);
  });

  it("checks the signed-in admin's own password, not another admin's", async () => {
    const app = await localApp();
    await addAdmin(app, EMAIL);
    await addAdmin(app, 'purser@example.org', [], 'the purser password');
    const purser = app.agent();
    await signIn(purser, 'purser@example.org', 'the purser password');
    const refused = await change(purser, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(CHANGE_PASSWORD_MESSAGES.currentWrong);
    expect(await signInStatus(app, PASSWORD)).toBe(200);
  });

  it('needs a session and the fetch header', async () => {
    const app = await startTestApp();
    apps.push(app);
    await addAdmin(app, EMAIL);
    expect((await change(app.agent(), { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
    const laptop = app.agent();
    await signIn(laptop, EMAIL);
    const crossSite = await laptop.post(PATH).send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(crossSite.status).toBe(403);
    expect(await signInStatus(app, PASSWORD)).toBe(200);
  });
});

describe("changing one's own admin password (IDENTITY=firebase, the Auth emulator)", () => {
  let emulator: FirebaseAuthEmulator;
  beforeAll(async () => {
    emulator = await startFirebaseAuthEmulator('demo-kyc-change');
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  changesOwnPassword(async () => {
    await emulator.clearUsers();
    const app = await startTestApp({
      env: {
        TRUST_PROXY: '1',
        IDENTITY: 'firebase',
        FIREBASE_PROJECT_ID: emulator.projectId,
        FIREBASE_WEB_API_KEY: 'demo-web-api-key',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
    });
    apps.push(app);
    return app;
  });
});

import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '../../../../core/admins/password-reset';
import { ADMIN_MESSAGES } from '../../../../core/admin-accounts/create-admin';
import { SECRET_MAIL_WITHHELD } from '../../../../core/mail/list-outbox';
import { NOT_RESENDABLE } from '../../../../core/mail/resend-outbox-message';
import { startFakeIdentityToolkitServer } from '../../../support/fake-identity-toolkit-server';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { addAdmin, FETCH, NOW, PASSWORD, laptopAndPhone, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { eventually } from '../../../support/eventually';

const EMAIL = 'commodore@example.org';
const NEW_PASSWORD = 'a brand new password';
const BASE_URL = 'https://members.kestrel-yc.example';
const SUBJECT = 'Reset your Kestrel Yacht Club admin password';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
});

async function withMail(): Promise<TestApp> {
  const app = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kestrel Yacht Club <bookings@kestrel-yc.example>',
      PUBLIC_BASE_URL: BASE_URL,
      CLUB_NAME: 'Kestrel Yacht Club',
      TRUST_PROXY: '1',
    },
    build: { mailRoundMs: 50 },
  });
  apps.push(app);
  return app;
}

/** The reset link's token, from the e-mail as a mail client reads it. */
function tokenOf(mail: ParsedMail): string {
  const match = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/admin/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${BASE_URL}/admin/reset-password?token=${match[1]}"`);
  return match[1];
}

const ask = (app: TestApp, email: string, ip = '198.51.100.1') =>
  app.agent().post('/api/admin/password-reset').set(FETCH).set('X-Forwarded-For', ip).send({ email });
const confirm = (app: TestApp, token: string, password = NEW_PASSWORD) =>
  app.agent().post('/api/admin/password-reset/confirm').set(FETCH).send({ token, password });

describe('admin password reset (local accounts, mail on)', () => {
  it('is offered in /api/config with mail on, and not with mail off', async () => {
    const app = await withMail();
    expect((await app.agent().get('/api/config')).body.passwordReset).toBe(true);
    const off = await startTestApp();
    apps.push(off);
    expect((await off.agent().get('/api/config')).body.passwordReset).toBe(false);
    await addAdmin(off, EMAIL);
    const refused = await ask(off, EMAIL);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: RESET_MESSAGES.unavailable });
    expect(await off.get('outbox').list()).toEqual([]);
  });

  it('answers an admin and an unknown address with the same status and body; only the admin gets an e-mail', async () => {
    const app = await withMail();
    const admin = await addAdmin(app, EMAIL);
    const unknown = await ask(app, 'stranger@example.org');
    const known = await ask(app, 'Commodore@Example.org');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: RESET_MESSAGES.sent });
    const mail = await smtp.waitForSubject(SUBJECT);
    expect(mail.to).toMatchObject({ value: [{ address: EMAIL }] });
    tokenOf(mail);
    expect((await app.get('outbox').list()).map((m) => [m.kind, m.recordId, m.mail.to])).toEqual([['admin-password-reset', admin.uid, EMAIL]]);
  });

  it('sets the new password with the e-mailed link: every session of the admin ends, the link works once, the audit log says who', async () => {
    const app = await withMail();
    const admin = await addAdmin(app, EMAIL);
    const { laptop, phone } = await laptopAndPhone(app, EMAIL);
    await ask(app, EMAIL);
    const token = tokenOf(await smtp.waitForSubject(SUBJECT));
    app.clock.advance(59 * 60_000);

    const done = await confirm(app, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: RESET_MESSAGES.done });
    expect((await laptop.get('/api/admin/session')).status).toBe(401);
    expect((await phone.get('/api/admin/session')).status).toBe(401);
    expect((await app.agent().post('/api/admin/session').set(FETCH).send({ email: EMAIL, password: PASSWORD })).status).toBe(401);
    const fresh = app.agent();
    await signIn(fresh, EMAIL, NEW_PASSWORD);

    const again = await confirm(app, token, 'another new password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: RESET_MESSAGES.used });
    expect((await fresh.get('/api/admin/session')).status).toBe(200);

    const audit = await fresh.get('/api/admin/audit').query({ recordId: admin.uid });
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({ action: 'admin.password-reset', actor: { kind: 'admin', uid: admin.uid, email: EMAIL }, recordId: admin.uid }),
    ]);
  });

  it('refuses the link once its hour is over (fixed clock), and an altered one, changing nothing', async () => {
    const app = await withMail();
    await addAdmin(app, EMAIL);
    await ask(app, EMAIL);
    const token = tokenOf(await smtp.waitForSubject(SUBJECT));
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect((await confirm(app, altered)).body).toEqual({ error: RESET_MESSAGES.invalid });
    app.clock.advance(60 * 60_000);
    const expired = await confirm(app, token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: RESET_MESSAGES.expired });
    await signIn(app.agent(), EMAIL, PASSWORD);
  });

  it('holds the new password to the rule for new admins, keeping the link', async () => {
    const app = await withMail();
    await addAdmin(app, EMAIL);
    await ask(app, EMAIL);
    const token = tokenOf(await smtp.waitForSubject(SUBJECT));
    const short = await confirm(app, token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: ADMIN_MESSAGES.passwordTooShort });
    expect((await confirm(app, token)).status).toBe(200);
  });

  it('limits requests per e-mail, for unknown addresses alike, with the same 429', async () => {
    const app = await withMail();
    await addAdmin(app, EMAIL);
    for (const email of [EMAIL, 'stranger@example.org']) {
      for (let i = 0; i < 3; i += 1) expect((await ask(app, email, `203.0.113.${i}`)).status).toBe(200);
      const refused = await ask(app, email, '203.0.113.50');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: RESET_MESSAGES.tooMany });
    }
    expect(await app.get('outbox').list()).toHaveLength(3);
  });

  it('needs the cross-site request header, like every state-changing admin request', async () => {
    const app = await withMail();
    await addAdmin(app, EMAIL);
    expect((await app.agent().post('/api/admin/password-reset').send({ email: EMAIL })).status).toBe(403);
    expect(
      (
        await app
          .agent()
          .post('/api/admin/password-reset/confirm')
          .send({ token: 'x'.repeat(43), password: NEW_PASSWORD })
      ).status,
    ).toBe(403);
    expect(await app.get('outbox').list()).toEqual([]);
  });

  it('keeps the link out of the Mail screen: the body is withheld and the message is never sent again', async () => {
    const app = await withMail();
    await addAdmin(app, EMAIL);
    const other = app.agent();
    await addAdmin(app, 'purser@example.org');
    await signIn(other, 'purser@example.org');
    await ask(app, EMAIL);
    const token = tokenOf(await smtp.waitForSubject(SUBJECT));
    const [message] = await app.get('outbox').list();
    await eventually(async () => (await app.get('outbox').get(message.id))?.status).toBe('sent');
    const detail = await other.get(`/api/admin/outbox/${message.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.message).toMatchObject({ to: EMAIL, subject: SUBJECT, text: SECRET_MAIL_WITHHELD });
    expect(JSON.stringify(detail.body)).not.toContain(token);
    const html = await other.get(`/api/admin/outbox/${message.id}/html`);
    expect(html.text).not.toContain(token);
    const resend = await other.post(`/api/admin/outbox/${message.id}/resend`).set(FETCH);
    expect(resend.status).toBe(409);
    expect(resend.body).toEqual({ error: NOT_RESENDABLE });
  });
});

describe('admin password reset with IDENTITY=firebase (a local Identity Toolkit)', () => {
  it('is offered without SMTP_URL; Firebase is asked to send its own e-mail to an admin only, with the same answer for all; nothing of ours is written', async () => {
    const toolkit = await startFakeIdentityToolkitServer();
    try {
      toolkit.users.push(
        { localId: 'uid-commodore', email: EMAIL, password: 'firebase-password-1' },
        { localId: 'uid-member', email: 'member@example.org', password: 'firebase-password-2' },
      );
      const app = await startTestApp({
        env: {
          IDENTITY: 'firebase',
          FIREBASE_PROJECT_ID: 'demo-kyc',
          FIREBASE_WEB_API_KEY: toolkit.apiKey,
          FIREBASE_IDENTITY_TOOLKIT_URL: toolkit.baseUrl,
          TRUST_PROXY: '1',
        },
      });
      apps.push(app);
      await app
        .get('admins')
        .create({ uid: 'uid-commodore', email: EMAIL, name: 'Commodore', role: 'admin', permissions: ['events:read'], disabled: false, createdAt: NOW });
      expect((await app.agent().get('/api/config')).body.passwordReset).toBe(true);
      const answers = [];
      for (const email of ['member@example.org', 'stranger@example.org', EMAIL]) {
        const res = await ask(app, email);
        answers.push([res.status, res.body]);
      }
      expect(answers).toEqual(Array.from({ length: 3 }, () => [200, { message: RESET_MESSAGES.sent }]));
      expect(toolkit.resetEmailsSent).toEqual([EMAIL]);
      expect(toolkit.requests.filter((r) => r.path === '/v1/accounts:sendOobCode').map((r) => r.body)).toEqual([
        { requestType: 'PASSWORD_RESET', email: EMAIL },
      ]);
      expect(await app.get('outbox').list()).toEqual([]);
      // Firebase's e-mail links to Firebase's own page: no link of ours to confirm.
      const confirmed = await confirm(app, 'a'.repeat(43));
      expect(confirmed.status).toBe(404);
      // Firebase down: the admin's answer is still the same.
      toolkit.answerWith({ kind: 'error', status: 503, message: 'UNAVAILABLE' });
      const down = await ask(app, EMAIL, '198.51.100.2');
      expect([down.status, down.body]).toEqual([200, { message: RESET_MESSAGES.sent }]);
    } finally {
      await toolkit.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from '../../../../adapters/node-crypto/scrypt-password-hasher';
import type { PasswordHasher } from '../../../../core/admins/password-hasher.port';
import { addAdmin, FETCH, PASSWORD, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';

/** The quick test hash, counting the password checks (each takes real time, as a real hash does). */
class CountingHasher implements PasswordHasher {
  checks = 0;
  private readonly inner = new ScryptPasswordHasher({ N: 1024 });
  hash(password: string) {
    return this.inner.hash(password);
  }
  verify(password: string, hash: string) {
    this.checks += 1;
    return this.inner.verify(password, hash);
  }
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
});

async function start(hasher = new CountingHasher()) {
  const app = await startTestApp({ env: { TRUST_PROXY: '1' }, adapters: { hasher } });
  apps.push(app);
  await addAdmin(app, 'commodore@example.org');
  await addAdmin(app, 'boss@example.org', ['admins:manage']);
  hasher.checks = 0;
  return { app, hasher, from: (ip: string) => app.agent().post('/api/admin/session').set(FETCH).set('X-Forwarded-For', ip) };
}

describe('sign-in throttle', () => {
  it('checks at most 5 of 100 concurrent wrong sign-ins for one e-mail from one address; the rest are 429', async () => {
    const { hasher, from } = await start();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => from('198.51.100.7').send({ email: 'commodore@example.org', password: `guess-${i}` })),
    );
    expect(hasher.checks).toBeLessThanOrEqual(5);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(hasher.checks);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - hasher.checks);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body).toEqual({ error: 'Too many failed login attempts. Please try again later.' });
    }
  });

  it('gives no session to the right password hidden among 100 concurrent guesses from one address', async () => {
    const { from } = await start();
    const forms = Array.from({ length: 100 }, (_, i) => ({ email: 'commodore@example.org', password: i === 77 ? PASSWORD : `guess-${i}` }));
    const answers = await Promise.all(forms.map((form) => from('198.51.100.8').send(form)));
    expect(answers[77].status).toBe(429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
  });

  it('lets the right password from address B sign in after 5 failures from address A', async () => {
    const { from } = await start();
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.1').send({ email: 'commodore@example.org', password: `wrong-${i}` })).status).toBe(401);
    expect((await from('198.51.100.1').send({ email: 'commodore@example.org', password: PASSWORD })).status).toBe(429);
    const fromB = await from('203.0.113.5').send({ email: 'commodore@example.org', password: PASSWORD });
    expect(fromB.status).toBe(200);
    expect(String(fromB.headers['set-cookie'])).toMatch(/^kyc_session=/);
  });

  it("keeps no admin out: a guesser rotating 15 addresses (4 failures each, a guess every 150 ms) for 3 minutes; all 36 right passwords from the admin's address sign in", async () => {
    const { app, from } = await start();
    const failures = new Map<string, number>();
    const admin: number[] = [];
    for (let tick = 0; tick < 1200; tick += 1) {
      const ip = `198.51.100.${10 + (tick % 15)}`;
      if ((failures.get(ip) ?? 0) < 4) {
        const guess = await from(ip).send({ email: 'commodore@example.org', password: `guess-${tick}` });
        if (guess.status === 401) failures.set(ip, (failures.get(ip) ?? 0) + 1);
      }
      if (tick % 33 === 32) admin.push((await from('203.0.113.20').send({ email: 'commodore@example.org', password: PASSWORD })).status);
      app.clock.advance(150);
    }
    expect(admin).toEqual(Array.from({ length: 36 }, () => 200));
  });

  it("answers a disabled admin's right password exactly as a wrong one", async () => {
    const { app, from } = await start();
    const boss = app.agent();
    await signIn(boss, 'boss@example.org');
    const target = (await boss.get('/api/admin/admins')).body.admins.find((a: { email: string }) => a.email === 'commodore@example.org');
    expect((await boss.patch(`/api/admin/admins/${target.uid}`).set(FETCH).send({ disabled: true })).status).toBe(200);
    const right = await from('203.0.113.30').send({ email: 'commodore@example.org', password: PASSWORD });
    const wrong = await from('203.0.113.31').send({ email: 'commodore@example.org', password: 'not-it' });
    expect([right.status, right.body]).toEqual([401, { error: 'Invalid email or password' }]);
    expect([wrong.status, wrong.body]).toEqual([right.status, right.body]);
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});

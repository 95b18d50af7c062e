import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalIdentityProvider } from '../../../../adapters/local-identity/local-identity-provider';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryCredentialRepository } from '../../../../adapters/memory/memory-credential-repository';
import { MemorySessionRepository } from '../../../../adapters/memory/memory-session-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { ScryptPasswordHasher } from '../../../../adapters/node-crypto/scrypt-password-hasher';
import { SqliteCredentialRepository } from '../../../../adapters/sqlite/sqlite-credential-repository';
import { SqliteSessionRepository } from '../../../../adapters/sqlite/sqlite-session-repository';
import { identityProviderContract } from '../../../app/contract/identity-provider.contract';
import { tempSqlite, type TempSqlite } from '../../../support/temp-sqlite';

function memoryLocalProvider() {
  const clock = new FixedClock('2026-06-01T09:00:00.000Z');
  const sessions = new MemorySessionRepository();
  const credentials = new MemoryCredentialRepository();
  const provider = new LocalIdentityProvider({
    credentials,
    sessions,
    hasher: new ScryptPasswordHasher({ N: 1024 }),
    ids: new SequentialIdGenerator('user'),
    clock,
  });
  return { provider, clock, sessions, credentials, advance: (ms: number) => clock.advance(ms) };
}

identityProviderContract('LocalIdentityProvider on memory repositories', async () => memoryLocalProvider());

const databases: TempSqlite[] = [];
afterAll(async () => {
  await Promise.all(databases.map((sqlite) => sqlite.close()));
});

identityProviderContract('LocalIdentityProvider on SQLite repositories', async () => {
  const sqlite = tempSqlite('kyc-identity-');
  databases.push(sqlite);
  const db = await sqlite.open();
  const clock = new FixedClock('2026-06-01T09:00:00.000Z');
  const provider = new LocalIdentityProvider({
    credentials: new SqliteCredentialRepository(db),
    sessions: new SqliteSessionRepository(db),
    hasher: new ScryptPasswordHasher({ N: 1024 }),
    ids: new SequentialIdGenerator('user'),
    clock,
  });
  return { provider, advance: (ms: number) => clock.advance(ms) };
});

describe('LocalIdentityProvider specifics', () => {
  it('issues 32 random bytes as base64url and stores only their SHA-256', async () => {
    const { provider, sessions, credentials } = memoryLocalProvider();
    const user = await provider.createUser({ email: 'h@example.org', password: 'password-1', displayName: 'H' });
    const { token, expiresAt } = await provider.createSession(user.uid, 1000);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt.toISOString()).toBe('2026-06-01T09:00:01.000Z');
    expect(await sessions.get(token)).toBeNull();
    const stored = await sessions.get(createHash('sha256').update(token).digest('hex'));
    expect(stored).toMatchObject({ uid: user.uid, createdAt: '2026-06-01T09:00:00.000Z', expiresAt: '2026-06-01T09:00:01.000Z' });
    const credential = await credentials.getByUid(user.uid);
    expect(credential?.passwordHash).toMatch(/^scrypt\$/);
    expect(credential?.passwordHash).not.toContain('password-1');
  });

  it('sets a new password that replaces the old one', async () => {
    const { provider } = memoryLocalProvider();
    const user = await provider.createUser({ email: 'p@example.org', password: 'old-password', displayName: 'P' });
    await provider.setPassword(user.uid, 'new-password');
    await expect(provider.signIn('p@example.org', 'old-password')).rejects.toThrow('Invalid email or password');
    expect((await provider.signIn('p@example.org', 'new-password')).uid).toBe(user.uid);
  });
});

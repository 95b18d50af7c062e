import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAdminRepository } from '../../../../adapters/memory/memory-admin-repository';
import { MemoryCredentialRepository } from '../../../../adapters/memory/memory-credential-repository';
import { MemorySessionRepository } from '../../../../adapters/memory/memory-session-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { LocalIdentityProvider } from '../../../../adapters/local-identity/local-identity-provider';
import { ScryptPasswordHasher } from '../../../../adapters/node-crypto/scrypt-password-hasher';
import { PERMISSIONS } from '../../../../core/admins/admin';
import { ConflictError } from '../../../../core/shared/errors';
import type { IdentityUser } from '../../../../core/admins/identity-provider.port';
import { runAdminCli } from '../../../../server/cli/admin';
import { loadConfig } from '../../../../server/config';
import { ensureInitialAdmin, initialAdminPasswordText } from '../../../../server/initial-admin';

/**
 * A provider whose users may exist before the app knows them, as Firebase users made in the
 * console do: it finds them by e-mail, like FirebaseIdentityProvider.findUserByEmail.
 */
class ConsoleIdentityProvider extends LocalIdentityProvider {
  constructor(private readonly credentials = new MemoryCredentialRepository()) {
    super({
      credentials,
      sessions: new MemorySessionRepository(),
      hasher: new ScryptPasswordHasher({ N: 1024 }),
      ids: new SequentialIdGenerator('console-uid'),
      clock: new FixedClock(),
    });
  }
  async findUserByEmail(email: string): Promise<IdentityUser | null> {
    const found = await this.credentials.getByEmail(email);
    return found ? { uid: found.uid, email: found.email, displayName: null } : null;
  }
}

const EMAIL = 'commodore@example.org';

describe('first start: the initial admin', () => {
  it('links a user who already exists at the identity provider, and prints no password', async () => {
    const identity = new ConsoleIdentityProvider();
    const existing = await identity.createUser({ email: EMAIL, password: 'made-in-the-console', displayName: 'Console user' });
    const admins = new MemoryAdminRepository();
    const initial = await ensureInitialAdmin({ admins, identity, clock: new FixedClock() }, { initialAdminEmail: EMAIL, initialAdminPassword: null });
    expect(initial).toEqual({ email: EMAIL, password: null, generated: false });
    expect(initialAdminPasswordText(initial!)).not.toMatch(/[A-Za-z0-9_-]{24}/);
    expect(initialAdminPasswordText(initial!)).toContain('keeps its password');
    expect(await admins.getByUid(existing.uid)).toMatchObject({ email: EMAIL, permissions: [...PERMISSIONS] });
    // The console password still works; nothing was changed at the provider.
    expect((await identity.signIn(EMAIL, 'made-in-the-console')).uid).toBe(existing.uid);
  });

  it('creates the user as before when the e-mail is free, with the password printed once', async () => {
    const identity = new ConsoleIdentityProvider();
    const initial = await ensureInitialAdmin(
      { admins: new MemoryAdminRepository(), identity, clock: new FixedClock() },
      { initialAdminEmail: EMAIL, initialAdminPassword: null },
    );
    expect(initial?.generated).toBe(true);
    expect(initialAdminPasswordText(initial!)).toBe(initial?.password);
    expect((await identity.signIn(EMAIL, initial!.password!)).email).toBe(EMAIL);
  });

  it('still refuses a taken e-mail with a provider that cannot look users up', async () => {
    const credentials = new MemoryCredentialRepository();
    const identity = new LocalIdentityProvider({
      credentials,
      sessions: new MemorySessionRepository(),
      hasher: new ScryptPasswordHasher({ N: 1024 }),
      ids: new SequentialIdGenerator('uid'),
      clock: new FixedClock(),
    });
    await identity.createUser({ email: EMAIL, password: 'a-long-password', displayName: 'Someone' });
    const admins = new MemoryAdminRepository();
    await expect(
      ensureInitialAdmin({ admins, identity, clock: new FixedClock() }, { initialAdminEmail: EMAIL, initialAdminPassword: null }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await admins.count()).toBe(0);
  });
});

describe('npm run admin create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-cli-link-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

  it('links an existing identity-provider user as an admin without setting or printing a password', async () => {
    const identity = new ConsoleIdentityProvider();
    const existing = await identity.createUser({ email: 'bosun@example.org', password: 'made-in-the-console', displayName: 'Bosun' });
    const lines: string[] = [];
    const code = await runAdminCli(
      ['create', '--email', 'bosun@example.org', '--name', 'The Bosun', '--permissions', 'events:read'],
      config,
      (l) => lines.push(l),
      { identity },
    );
    expect(code).toBe(0);
    expect(lines).toEqual([
      'Linked the existing local account bosun@example.org as an admin with permissions: events:read',
      'It keeps the password it already has; no password was set.',
    ]);
    const listed: string[] = [];
    await runAdminCli(['list'], config, (l) => listed.push(l), { identity });
    expect(listed).toEqual(['bosun@example.org\tThe Bosun\tadmin\tevents:read\tactive']);
    expect((await identity.signIn('bosun@example.org', 'made-in-the-console')).uid).toBe(existing.uid);
  });
});

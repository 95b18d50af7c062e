import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, runAdminCli } from '../../../../server/cli/admin';
import { loadConfig } from '../../../../server/config';
import { createContainer } from '../../../../server/container';

const dataDir = mkdtempSync(join(tmpdir(), 'kyc-cli-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runAdminCli(argv, config, (line) => lines.push(line));
  return { code, lines };
}

/** Signs in against the same database file, as the server would. */
async function canSignIn(email: string, password: string): Promise<boolean> {
  const ports = await createContainer(config);
  try {
    const user = await ports.get('identity').signIn(email, password);
    const admin = await ports.get('admins').getByUid(user.uid);
    return admin !== null && !admin.disabled;
  } catch {
    return false;
  } finally {
    await ports.close();
  }
}

describe('npm run admin', () => {
  it('creates an admin with a generated password, shown once, who can sign in', async () => {
    const { code, lines } = await run('create', '--email', 'harbour@example.org', '--name', 'Harbour Master');
    expect(code).toBe(0);
    expect(lines[0]).toBe('Created admin harbour@example.org with permissions: events:read, events:write, bookings:read');
    const password = lines[1].replace('Password (shown only this once): ', '');
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await canSignIn('harbour@example.org', password)).toBe(true);
  });

  it('creates an admin with a chosen password and permissions, and lists admins', async () => {
    const created = await run(
      'create',
      '--email',
      'treasurer@example.org',
      '--name',
      'Treasurer',
      '--password',
      'counting-coins',
      '--permissions',
      'bookings:read',
    );
    expect(created.lines).toEqual(['Created admin treasurer@example.org with permissions: bookings:read']);
    expect(await canSignIn('treasurer@example.org', 'counting-coins')).toBe(true);
    const { lines } = await run('list');
    expect(lines).toEqual([
      'harbour@example.org\tHarbour Master\tadmin\tevents:read,events:write,bookings:read\tactive',
      'treasurer@example.org\tTreasurer\tadmin\tbookings:read\tactive',
    ]);
  });

  it('replaces permissions, disables and enables an admin, never the last one who can manage admins', async () => {
    expect((await run('permissions', '--email', 'treasurer@example.org', '--set', 'bookings:read,admins:manage')).lines).toEqual([
      'treasurer@example.org now has: bookings:read, admins:manage',
    ]);
    // The treasurer is the only admin who can manage admins: they keep it, and stay enabled.
    const lastManager = 'At least one active admin must keep admins:manage: give another admin admins:manage first.';
    await expect(run('disable', '--email', 'treasurer@example.org')).rejects.toThrow(lastManager);
    await expect(run('permissions', '--email', 'treasurer@example.org', '--set', 'bookings:read')).rejects.toThrow(lastManager);
    expect(await canSignIn('treasurer@example.org', 'counting-coins')).toBe(true);
    await run('permissions', '--email', 'harbour@example.org', '--set', 'admins:manage');
    expect((await run('disable', '--email', 'treasurer@example.org')).lines).toEqual(['treasurer@example.org is now disabled.']);
    expect(await canSignIn('treasurer@example.org', 'counting-coins')).toBe(false);
    expect((await run('list')).lines[1]).toBe('treasurer@example.org\tTreasurer\tadmin\tbookings:read,admins:manage\tdisabled');
    await run('enable', '--email', 'treasurer@example.org');
    expect(await canSignIn('treasurer@example.org', 'counting-coins')).toBe(true);
  });

  it('refuses unknown permissions, duplicates, short passwords, unknown admins and commands with clear messages', async () => {
    await expect(run('create', '--email', 'x@example.org', '--name', 'X', '--permissions', 'root')).rejects.toThrow(
      'Unknown permission(s): root. Choose from events:read, events:write, bookings:read, admins:manage, bookings:write, audit:read, workdays:write, content:write, members:write, duties:write, privacy:manage.',
    );
    await expect(run('create', '--email', 'harbour@example.org', '--name', 'Again')).rejects.toThrow(
      'An admin with the e-mail harbour@example.org already exists.',
    );
    await expect(run('create', '--email', 'y@example.org', '--name', 'Y', '--password', 'short')).rejects.toThrow('at least 8 characters');
    await expect(run('create', '--name', 'No email')).rejects.toThrow('--email is required.');
    await expect(run('disable', '--email', 'ghost@example.org')).rejects.toThrow('No admin with the e-mail ghost@example.org.');
    await expect(run('launch')).rejects.toBeInstanceOf(CliError);
    expect((await run()).code).toBe(1);
    expect((await run('help')).lines[0]).toMatch(/^Usage: npm run admin -- <command>/);
  });
});

import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ADMIN_CHANGE_MESSAGES, leavesNoManager } from '../../core/admins/admin-changes';
import { DEFAULT_PERMISSIONS, PERMISSIONS, type Admin, type Permission } from '../../core/admins/admin';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { createContainer, type Adapters } from '../container';
import { createOrLinkUser, generatePassword } from '../initial-admin';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email E --name N [--password P] [--permissions a,b]
                                   add an admin (a password is generated when none is given;
                                   with IDENTITY=firebase an existing Firebase user is linked
                                   and keeps its own password)
  list                             show every admin with role, permissions and status
  permissions --email E --set a,b  replace an admin's permissions
  disable --email E                stop an admin from signing in (ends their sessions)
  enable --email E                 let a disabled admin sign in again

Permissions: ${PERMISSIONS.join(', ')} (default for create: ${DEFAULT_PERMISSIONS.join(',')})
Works on the database in DATA_DIR (default ./data).`;

export class CliError extends Error {}

function parsePermissions(text: string | undefined, fallback: Permission[]): Permission[] {
  if (text === undefined) return fallback;
  const names = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = names.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new CliError(`Unknown permission(s): ${unknown.join(', ')}. Choose from ${PERMISSIONS.join(', ')}.`);
  return [...new Set(names)] as Permission[];
}

function requireOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`--${name} is required.\n\n${USAGE}`);
  return value.trim();
}

/**
 * Runs one admin command against the configured database; returns the exit code. `adapters`
 * replaces configured ones (tests).
 */
export async function runAdminCli(
  argv: string[],
  config: AppConfig,
  out: (line: string) => void = console.log,
  adapters: Partial<Adapters> = {},
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, permissions: { type: 'string' }, set: { type: 'string' } },
    strict: true,
  });
  const ports = await createContainer(config, adapters);
  try {
    const admins = ports.get('admins');
    const identity = ports.get('identity');
    const findAdmin = async () => {
      const email = requireOption(values, 'email');
      const admin = await admins.getByEmail(email);
      if (!admin) throw new CliError(`No admin with the e-mail ${email}.`);
      return admin;
    };
    // The operator may change anyone (this is the owner's recovery tool), but never leave the
    // club with no enabled admin who can manage admins.
    const refuseLeavingNoManager = async (changed: Admin) => {
      if (leavesNoManager(await admins.list(), changed)) {
        throw new CliError(`${ADMIN_CHANGE_MESSAGES.lastManager}: give another admin admins:manage first.`);
      }
    };
    switch (command) {
      case 'create': {
        const email = requireOption(values, 'email');
        const name = requireOption(values, 'name');
        if (name.length > 200) throw new CliError('--name must be at most 200 characters.');
        const permissions = parsePermissions(values.permissions, DEFAULT_PERMISSIONS);
        const password = values.password ?? generatePassword();
        if (password.length < 8) throw new CliError('--password must be at least 8 characters long.');
        if (await admins.getByEmail(email)) throw new CliError(`An admin with the e-mail ${email} already exists.`);
        const { user, linked } = await createOrLinkUser(identity, { email, password, displayName: name });
        await admins.create({
          uid: user.uid,
          email: user.email,
          name,
          role: 'admin',
          permissions,
          disabled: false,
          createdAt: ports.get('clock').now().toISOString(),
        });
        if (linked) {
          out(`Linked the existing ${identity.name} account ${user.email} as an admin with permissions: ${permissions.join(', ') || '(none)'}`);
          out('It keeps the password it already has; no password was set.');
          return 0;
        }
        out(`Created admin ${user.email} with permissions: ${permissions.join(', ') || '(none)'}`);
        if (values.password === undefined) out(`Password (shown only this once): ${password}`);
        return 0;
      }
      case 'list': {
        const all = await admins.list();
        if (all.length === 0) out('No admins yet.');
        for (const admin of all) {
          out(`${admin.email}\t${admin.name}\t${admin.role}\t${admin.permissions.join(',') || '(none)'}\t${admin.disabled ? 'disabled' : 'active'}`);
        }
        return 0;
      }
      case 'permissions': {
        const admin = await findAdmin();
        if (values.set === undefined) throw new CliError(`--set is required.\n\n${USAGE}`);
        const permissions = parsePermissions(values.set, []);
        await refuseLeavingNoManager({ ...admin, permissions });
        await admins.update({ ...admin, permissions });
        out(`${admin.email} now has: ${permissions.join(', ') || '(no permissions)'}`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const admin = await findAdmin();
        const disabled = command === 'disable';
        await refuseLeavingNoManager({ ...admin, disabled });
        await admins.update({ ...admin, disabled });
        await identity.setDisabled(admin.uid, disabled);
        out(`${admin.email} is now ${disabled ? 'disabled' : 'enabled'}.`);
        return 0;
      }
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await ports.close();
  }
}

async function main(): Promise<void> {
  try {
    const code = await runAdminCli(process.argv.slice(2), loadConfig());
    process.exit(code);
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();

import { describe, expect, it } from 'vitest';
import { CreateAdmin } from '../../../../core/admin-accounts/create-admin';
import { UpdateAdmin } from '../../../../core/admin-accounts/update-admin';
import { ListAdmins } from '../../../../core/admins/list-admins';
import { SignIn } from '../../../../core/admins/sign-in';
import { ConflictError, NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { makeWorld, withPermissions, type World } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

const manager = anAdmin();

async function setUp() {
  const world = makeWorld();
  await world.admins.create(manager);
  return world;
}

const signIn = (world: World, email: string, password: string) => new SignIn(world).execute({ email, password }, { ip: '192.0.2.1' });

describe('CreateAdmin', () => {
  it('creates a sign-in account and an admin record with the default permissions', async () => {
    const world = await setUp();
    const created = await new CreateAdmin(world).execute(manager, { email: ' Bosun@Club.example ', name: ' Bosun ', password: 'long enough' });
    expect(created).toEqual({
      uid: 'uid-000001',
      email: 'Bosun@Club.example',
      name: 'Bosun',
      role: 'admin',
      permissions: ['events:read', 'events:write', 'bookings:read'],
      disabled: false,
      createdAt: '2026-06-01T09:00:00.000Z',
    });
    expect(await world.admins.getByUid('uid-000001')).toEqual(created);
    await expect(signIn(world, 'bosun@club.example', 'long enough')).resolves.toMatchObject({ admin: { uid: 'uid-000001' } });
  });

  it('takes chosen permissions, each once', async () => {
    const world = await setUp();
    const created = await new CreateAdmin(world).execute(manager, {
      email: 'treasurer@club.example',
      name: 'Treasurer',
      password: 'long enough',
      permissions: ['bookings:read', 'bookings:read'],
    });
    expect(created.permissions).toEqual(['bookings:read']);
  });

  it('needs admins:manage', async () => {
    const world = await setUp();
    await expect(
      new CreateAdmin(world).execute(withPermissions(['events:read', 'events:write', 'bookings:read']), {
        email: 'x@club.example',
        name: 'X',
        password: 'long enough',
      }),
    ).rejects.toMatchObject({ code: 'PERMISSION', message: 'You do not have permission to manage admins.', permission: 'admins:manage' });
    expect(await world.admins.count()).toBe(1);
  });

  it('refuses bad input with a message per field, and a taken e-mail', async () => {
    const world = await setUp();
    const use = new CreateAdmin(world);
    await expect(use.execute(manager, { email: 'not-an-email', name: '', password: 'short' })).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { email: 'Please enter a valid email address', name: 'Name is required', password: 'Password must be at least 8 characters' },
    });
    await expect(use.execute(manager, { email: 'x@club.example', name: 'X', password: 'long enough', permissions: ['root'] })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const taken = use.execute(manager, { email: 'COMMODORE@club.example', name: 'Again', password: 'long enough' });
    await expect(taken).rejects.toBeInstanceOf(ConflictError);
    await expect(taken).rejects.toThrow('An admin with this email already exists');
  });
});

describe('UpdateAdmin', () => {
  async function withBosun() {
    const world = await setUp();
    const bosun = await new CreateAdmin(world).execute(manager, { email: 'bosun@club.example', name: 'Bosun', password: 'long enough' });
    return { world, bosun };
  }

  it("changes another admin's name and permissions", async () => {
    const { world, bosun } = await withBosun();
    const updated = await new UpdateAdmin(world).execute(manager, bosun.uid, { name: 'Chief Bosun', permissions: ['events:read', 'events:read'] });
    expect(updated).toEqual({ ...bosun, name: 'Chief Bosun', permissions: ['events:read'] });
    expect(await world.admins.getByUid(bosun.uid)).toEqual(updated);
  });

  it('disabling an admin ends their sign-in, and enabling lets them back', async () => {
    const { world, bosun } = await withBosun();
    const session = await signIn(world, 'bosun@club.example', 'long enough');
    await new UpdateAdmin(world).execute(manager, bosun.uid, { disabled: true });
    expect(await world.identity.verifySession(session.token)).toBeNull();
    // Answered as a wrong password is, so a guesser learns nothing from it.
    await expect(signIn(world, 'bosun@club.example', 'long enough')).rejects.toThrow('Invalid email or password');
    await new UpdateAdmin(world).execute(manager, bosun.uid, { disabled: false });
    await expect(signIn(world, 'bosun@club.example', 'long enough')).resolves.toMatchObject({ admin: { disabled: false } });
  });

  it('does not let an admin disable themself or change their own permissions', async () => {
    const world = makeWorld();
    const me = await new CreateAdmin(world).execute(manager, { email: 'me@club.example', name: 'Me', password: 'long enough', permissions: ['admins:manage'] });
    const use = new UpdateAdmin(world);
    await expect(use.execute(me, me.uid, { disabled: true })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'You cannot disable your own account',
      fields: { disabled: 'You cannot disable your own account' },
    });
    for (const permissions of [['events:read'], ['admins:manage', 'events:read']] as const) {
      await expect(use.execute(me, me.uid, { permissions: [...permissions] })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: 'You cannot change your own permissions',
      });
    }
    // Changing one's own name, with the same permissions, is fine.
    await expect(use.execute(me, me.uid, { name: 'Myself', permissions: ['admins:manage'], disabled: false })).resolves.toMatchObject({
      name: 'Myself',
      permissions: ['admins:manage'],
    });
  });

  it('lets an admin give only permissions they hold, to a new admin or another', async () => {
    const world = await setUp();
    const limited = await new CreateAdmin(world).execute(manager, {
      email: 'limited@club.example',
      name: 'Limited',
      password: 'long enough',
      permissions: ['admins:manage', 'events:read'],
    });
    const create = new CreateAdmin(world);
    await expect(
      create.execute(limited, { email: 'x@club.example', name: 'X', password: 'long enough', permissions: ['bookings:write'] }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: 'You cannot grant bookings:write: only permissions you hold yourself can be given' });
    // The default set includes permissions Limited does not hold.
    await expect(create.execute(limited, { email: 'y@club.example', name: 'Y', password: 'long enough' })).rejects.toMatchObject({ code: 'VALIDATION' });
    const other = await create.execute(limited, { email: 'z@club.example', name: 'Z', password: 'long enough', permissions: ['events:read'] });
    await expect(new UpdateAdmin(world).execute(limited, other.uid, { permissions: ['events:read', 'audit:read'] })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect((await world.admins.getByUid(other.uid))?.permissions).toEqual(['events:read']);
  });

  it('needs admins:manage, 404s an unknown admin and refuses bad input', async () => {
    const { world, bosun } = await withBosun();
    const use = new UpdateAdmin(world);
    await expect(use.execute(bosun, manager.uid, { disabled: true })).rejects.toBeInstanceOf(PermissionError);
    const missing = use.execute(manager, 'ghost', { name: 'Ghost' });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toThrow('Admin not found');
    await expect(use.execute(manager, bosun.uid, { disabled: 'yes' })).rejects.toBeInstanceOf(ValidationError);
    await expect(use.execute(manager, bosun.uid, { name: '   ' })).rejects.toMatchObject({ fields: { name: 'Name is required' } });
    expect(await world.admins.getByUid(bosun.uid)).toEqual(bosun);
  });
});

describe('ListAdmins', () => {
  it('lists the admin accounts for any signed-in admin', async () => {
    const world = await setUp();
    await new CreateAdmin(world).execute(manager, { email: 'bosun@club.example', name: 'Bosun', password: 'long enough' });
    const admins = await new ListAdmins(world).execute(withPermissions([]));
    expect(admins.map((a) => a.email)).toEqual(['bosun@club.example', 'commodore@club.example']);
  });
});

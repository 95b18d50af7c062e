import { describe, expect, it } from 'vitest';
import { AddMember } from '../../../../core/members/add-member';
import { ImportMembers, MEMBER_LIST_CHANGED_MESSAGE } from '../../../../core/members/import-members';
import { ListMembers } from '../../../../core/operations/list-members';
import { PreviewMemberImport } from '../../../../core/members/preview-member-import';
import { UpdateMember } from '../../../../core/operations/update-member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ConflictError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { makeWorld, withPermissions } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

function world() {
  const w = makeWorld();
  return {
    ...w,
    list: new ListMembers(w),
    add: new AddMember(w),
    update: new UpdateMember(w),
    preview: new PreviewMemberImport(w),
    import: new ImportMembers(w),
  };
}

const secretary = anAdmin({ permissions: ['members:write'] });
const manager = withPermissions(['admins:manage', 'events:read', 'events:write', 'bookings:read', 'bookings:write', 'audit:read', 'content:write']);
const ann = { name: 'Ann Sailor', email: 'ann@club.example', membershipType: 'Family', renewalDate: '31/03/2027' };
const memberAudit = async (w: ReturnType<typeof world>) => (await w.audit.list({ limit: 100 })).filter((e) => e.recordType === 'member');

describe('the member list use cases', () => {
  it('refuse an admin without members:write, even to read, and change nothing', async () => {
    const w = world();
    for (const attempt of [
      w.list.execute(manager),
      w.add.execute(manager, ann),
      w.update.execute(manager, 'x', { disabled: true }),
      w.preview.execute(manager, 'a'),
      w.import.execute(manager, 'a'),
    ]) {
      await expect(attempt).rejects.toBeInstanceOf(PermissionError);
    }
    expect(await w.members.list()).toEqual([]);
  });

  it('lists members with their status on the London day (1 June 2026 here)', async () => {
    const w = world();
    await w.add.execute(secretary, { ...ann, renewalDate: '01/06/2026' });
    await w.add.execute(secretary, { ...ann, name: 'Bob', email: 'bob@club.example', renewalDate: '31/05/2026' });
    const listed = await w.list.execute(secretary);
    expect(listed.today).toBe('2026-06-01');
    expect(listed.members.map((m) => [m.name, m.status])).toEqual([
      ['Ann Sailor', 'current'],
      ['Bob', 'lapsed'],
    ]);
  });

  it('writes no audit entry for an edit that changes nothing', async () => {
    const w = world();
    const added = await w.add.execute(secretary, ann);
    await w.update.execute(secretary, added.id, { name: 'Ann Sailor', renewalDate: '2027-03-31' });
    expect((await memberAudit(w)).map((e) => e.action)).toEqual(['member.added']);
    expect((await w.members.get(added.id))?.updatedAt).toBe(added.updatedAt);
  });

  it('imports nothing from a file with a bad line, and refuses with every line in fields', async () => {
    const w = world();
    const error = await w.import
      .execute(secretary, 'Ann,ann@club.example,Family,31/03/2027\nBob,bob,Adult,31/03/2027\n,c@club.example,Adult,2027-01-01\n')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({
      'line 2': 'Line 2: the e-mail “bob” is not an e-mail address',
      'line 3': 'Line 3: the name is missing',
    });
    expect(await w.members.list()).toEqual([]);
    expect(await memberAudit(w)).toEqual([]);
  });

  it('refuses (409), storing nothing, when another admin took one of the e-mails between the check and the write', async () => {
    const w = makeWorld();
    // The list read by the check misses the member another admin adds just before the write.
    const racing: MemberRepository = Object.assign(Object.create(w.members) as MemberRepository, {
      list: () => w.members.list(),
      importMembers: async (members: Parameters<MemberRepository['importMembers']>[0]) => {
        await w.members.create({
          id: 'other',
          name: 'Other',
          email: 'NEW@club.example',
          membershipType: 'Adult',
          renewalDate: '2027-01-01',
          disabled: false,
          createdAt: '2026-06-01T09:00:00.000Z',
          updatedAt: '2026-06-01T09:00:00.000Z',
        });
        return w.members.importMembers(members);
      },
    });
    const importing = new ImportMembers({ ...w, members: racing });
    const error = await importing
      .execute(secretary, 'New,new@club.example,Adult,2027-01-01\nFine,fine@club.example,Adult,2027-01-01\n')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(MEMBER_LIST_CHANGED_MESSAGE);
    expect((await w.members.list()).map((m) => m.id)).toEqual(['other']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextUpdatedAt, type Member } from '../../../../core/members/member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ChangeMyDetails } from '../../../../core/my-club/change-my-details';
import { UpdateMember } from '../../../../core/operations/update-member';
import { aMember } from '../../../support/entities';
import { makeWorld, withPermissions } from '../../../support/unit/world';

// A write based on a member as read earlier never undoes one made meanwhile: the member's own
// save and an admin's edit land on the member as stored (docs/members.md#changes-made-at-the-same-moment).

const secretary = withPermissions(['members:write']);

/** The member list as seen by a use case that reads Ann just before a renewal is paid: its read is stale. */
function renewedJustAfterRead(members: MemberRepository, renewalDate: string, at: string): MemberRepository {
  let paid = false;
  return Object.assign(Object.create(members) as MemberRepository, {
    async get(id: string): Promise<Member | null> {
      const read = await members.get(id);
      if (read && !paid) {
        paid = true;
        await members.update({ ...read, renewalDate, updatedAt: nextUpdatedAt(read, at) }, { expectedUpdatedAt: read.updatedAt });
      }
      return read;
    },
  });
}

describe('changes to a member at the same moment', () => {
  it("keeps a renewal paid between the member's read and their own save of a phone number", async () => {
    const w = makeWorld();
    const ann = aMember({ renewalDate: '2026-03-31' });
    await w.members.create(ann);
    // The renewal lands after the session read Ann, before she saves.
    await w.members.update({ ...ann, renewalDate: '2027-03-31', updatedAt: nextUpdatedAt(ann, w.clock.now()) }, { expectedUpdatedAt: ann.updatedAt });
    const view = await new ChangeMyDetails(w).execute(ann, { phone: '07700 900123', emergencyContactName: '', emergencyContactPhone: '' });
    expect(await w.members.get(ann.id)).toMatchObject({ renewalDate: '2027-03-31', phone: '07700 900123' });
    expect(view.membership.renewalDate).toBe('2027-03-31');
  });

  it("keeps a renewal paid between an admin's read and their change of the member's phone", async () => {
    const w = makeWorld();
    const ann = aMember({ renewalDate: '2026-03-31' });
    await w.members.create(ann);
    const members = renewedJustAfterRead(w.members, '2027-03-31', w.clock.now().toISOString());
    const view = await new UpdateMember({ ...w, members }).execute(secretary, ann.id, { phone: '07700 900123' });
    expect(await w.members.get(ann.id)).toMatchObject({ renewalDate: '2027-03-31', phone: '07700 900123' });
    expect(view.renewalDate).toBe('2027-03-31');
    // The audit entry says what the admin changed, not the renewal.
    const entry = (await w.audit.list({ limit: 10 })).find((e) => e.action === 'member.updated');
    expect(entry?.changes.map((change) => change.field)).toEqual(['phone']);
  });

  it('gives every write a later updatedAt than the stored one, and never one before the clock', () => {
    const instant = fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T00:00:00.000Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, instant, (stored, now) => {
        const next = Date.parse(nextUpdatedAt({ updatedAt: stored.toISOString() }, now));
        expect(next).toBeGreaterThan(stored.getTime());
        expect(next).toBeGreaterThanOrEqual(now.getTime());
      }),
    );
  });
});

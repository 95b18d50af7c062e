import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UpdateEvent } from '../../../../core/operations/update-event';
import { eventToFormValues } from '../../../../core/events/event-form';
import { windowsOverlap } from '../../../../core/duties/duties';
import { type DutyAssignment, type DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import {
  BUSY_AT_NEW_TIME,
  DUTY_CHANGE_MAIL_KIND,
  dutyChangeMessageId,
  dutyMoveRefusal,
  holdersAfterMove,
  movedHolders,
} from '../../../../core/duties/event-move-duties';
import type { Member } from '../../../../core/members/member';
import { londonDate } from '../../../../core/shared/london-time';
import { makeWorld, REGATTA } from '../../../support/unit/world';
import { anAdmin, anEvent } from '../../../support/entities';
import { makeMember } from '../../../support/unit/domain-fixtures';

const HOUR = 3_600_000;
const base = Date.parse('2026-07-01T00:00:00.000Z');
const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 30 }))
  .map(([start, length]): DutyWindow => ({ start: new Date(base + start * HOUR).toISOString(), end: new Date(base + (start + length) * HOUR).toISOString() }));
const dayArb = fc.integer({ min: 0, max: 40 }).map((n) => new Date(base + n * 24 * HOUR).toISOString().slice(0, 10));

/** A holder of the moved event: their membership's renewal date, the Powerboat qualification's expiry (or none), their other duties, an override. */
const holderArb = fc.record({
  renewalDate: dayArb,
  expiresOn: fc.option(dayArb, { nil: null }),
  hasQualification: fc.boolean(),
  others: fc.array(windowArb, { maxLength: 3 }),
  override: fc.boolean(),
});

describe('who of a moved event’s holders no longer fits its new time', () => {
  it('releases exactly those busy then (on another event’s duty) or no longer eligible (unless assigned by override)', () => {
    fc.assert(
      fc.property(fc.array(holderArb, { minLength: 1, maxLength: 6 }), windowArb, (specs, window) => {
        const members: Member[] = specs.map((spec, i) => ({
          id: `m${i}`,
          name: `M${i}`,
          email: `m${i}@example.org`,
          membershipType: 'Adult',
          renewalDate: spec.renewalDate,
          disabled: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }));
        const holders: DutyAssignment[] = specs.map((spec, i) => ({
          slotId: 'safety',
          memberId: `m${i}`,
          eventId: 'race',
          window,
          assignedAt: '2026-06-01T00:00:00.000Z',
          overrideReason: spec.override ? 'Known to us' : null,
        }));
        const others = new Map(specs.map((spec, i) => [`m${i}`, spec.others.map((w) => ({ eventId: 'other', window: w }))]));
        const held = specs.flatMap((spec, i) => (spec.hasQualification ? [{ memberId: `m${i}`, qualificationId: 'pb2', expiresOn: spec.expiresOn }] : []));
        const judged = holdersAfterMove({
          eventId: 'race',
          slots: [{ dutyTypeId: 'safety', holders }],
          window,
          dutiesOf: (id) => [...(others.get(id) ?? []), ...holders.filter((h) => h.memberId === id)],
          members,
          dutyTypes: [{ id: 'safety', name: 'Safety boat driver', description: '', qualificationIds: ['pb2'] }],
          held,
          qualifications: [{ id: 'pb2', name: 'Powerboat Level 2' }],
        });
        const firstDay = londonDate(new Date(window.start));
        const lastDay = londonDate(new Date(Date.parse(window.end) - 1));
        specs.forEach((spec, i) => {
          const busy = spec.others.some((w) => windowsOverlap(w, window));
          const eligible = spec.renewalDate >= firstDay && spec.hasQualification && (spec.expiresOn === null || spec.expiresOn >= lastDay);
          const release = judged[i]!.release;
          if (busy) expect(release).toBe(BUSY_AT_NEW_TIME);
          else if (spec.override || eligible) expect(release).toBeNull();
          else expect(release).not.toBeNull();
        });
        // The move keeps the others, each at the new time, and drops the released.
        const release = judged.filter((j) => j.release !== null).map((j) => ({ slotId: j.holder.slotId, memberId: j.holder.memberId }));
        const after = movedHolders(holders, { eventId: 'race', window, holders, release });
        expect(after.map((h) => h.memberId)).toEqual(judged.filter((j) => j.release === null).map((j) => j.holder.memberId));
        expect(after.every((h) => h.window.start === window.start && h.window.end === window.end)).toBe(true);
      }),
    );
  });

  it('the storage’s check refuses any roster other than the one decided on', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
        windowArb,
        (decided, stored, window) => {
          const keys = (ids: string[]) => ids.map((memberId) => ({ slotId: 's', memberId }));
          const refusal = dutyMoveRefusal({ eventId: 'race', window, holders: keys(decided), release: [] }, keys(stored), () => []);
          expect(refusal === null).toBe([...decided].sort().join() === [...stored].sort().join());
        },
      ),
    );
  });
});

describe('UpdateEvent moves the roster with the event', () => {
  it('each holder gets one e-mail: those who fit the new time keep the duty with the updated .ics; one busy then is released and told', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:00:00.000Z', sequence: 2 }));
    await world.events.create(
      anEvent({ ...REGATTA, id: 'open-day', name: 'Open day', eventdatetime: '2026-07-05T09:00:00.000Z', eventenddatetime: '2026-07-05T15:00:00.000Z' }),
    );
    for (const id of ['ann', 'bob']) await world.members.create(makeMember(id, { name: id.toUpperCase(), email: `${id}@example.org` }));
    await world.duties.saveCatalogue('dutyTypes', { id: 'safety', name: 'Safety boat driver', description: '', qualificationIds: [] });
    await world.duties.addSlots([
      { id: 'regatta-safety', eventId: 'regatta', dutyTypeId: 'safety', needed: 2, optional: false, createdAt: '2026-06-01T00:00:00.000Z' },
      { id: 'open-day-safety', eventId: 'open-day', dutyTypeId: 'safety', needed: 1, optional: false, createdAt: '2026-06-01T00:00:00.000Z' },
    ]);
    const assign = (slotId: string, memberId: string, eventId: string, window: DutyWindow) =>
      world.duties.assign({ slotId, memberId, eventId, window, assignedAt: '2026-06-01T00:00:00.000Z', overrideReason: null });
    await assign('regatta-safety', 'ann', 'regatta', { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T15:00:00.000Z' });
    await assign('regatta-safety', 'bob', 'regatta', { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T15:00:00.000Z' });
    await assign('open-day-safety', 'bob', 'open-day', { start: '2026-07-05T09:00:00.000Z', end: '2026-07-05T15:00:00.000Z' });

    const form = eventToFormValues((await world.events.get('regatta'))!);
    const saved = await new UpdateEvent(world).execute(anAdmin(), 'regatta', {
      ...form,
      eventdatetime: '2026-07-05T10:00',
      eventenddatetime: '2026-07-05T16:00',
    });
    const mail = (await world.outbox.list()).filter((m) => m.kind === DUTY_CHANGE_MAIL_KIND).sort((a, b) => a.id.localeCompare(b.id));
    expect(mail.map((m) => [m.id, m.mail.to, m.mail.subject])).toEqual([
      [dutyChangeMessageId('regatta-safety', 'ann', saved.sequence), 'ann@example.org', 'Duty time changed: Summer Regatta'],
      [dutyChangeMessageId('regatta-safety', 'bob', saved.sequence), 'bob@example.org', 'Duty released: Summer Regatta'],
    ]);
    expect(mail[0]!.mail.text).toContain('Now: Sun 5 July 2026, 10:00 – 16:00 (UK time)');
    expect(mail[0]!.mail.attachments[0]!.content).toContain(`SEQUENCE:${saved.sequence}`);
    expect(mail[1]!.mail.text).toContain(`Why: ${BUSY_AT_NEW_TIME}`);
    expect(mail[1]!.mail.attachments).toEqual([]);
    const [slot] = await world.duties.listSlots('regatta');
    expect(slot!.holders.map((h) => [h.memberId, h.window])).toEqual([['ann', { start: '2026-07-05T09:00:00.000Z', end: '2026-07-05T15:00:00.000Z' }]]);

    // Saving again with the same times moves nothing and tells nobody again.
    await new UpdateEvent(world).execute(anAdmin(), 'regatta', eventToFormValues((await world.events.get('regatta'))!));
    expect((await world.outbox.list()).filter((m) => m.kind === DUTY_CHANGE_MAIL_KIND)).toHaveLength(2);
  });
});

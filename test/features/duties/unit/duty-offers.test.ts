import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ineligibility, windowsOverlap, type MemberQualification } from '../../../../core/duties/duties';
import { type DutyAssignment, type DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import { isFreeAt, mayTakeDuty, openSlotsFor } from '../../../../core/duties/duty-offers';
import { ROTA_REFUSALS, nameMatches, rotaName, rotaRefusal } from '../../../../core/duties/duty-rota';
import { addDaysToDate } from '../../../../core/shared/london-time';

const hour = 3_600_000;
const base = Date.parse('2026-06-06T00:00:00.000Z');
const now = new Date(base + 24 * hour);
const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 48 }))
  .map(([start, length]): DutyWindow => ({ start: new Date(base + start * hour).toISOString(), end: new Date(base + (start + length) * hour).toISOString() }));
const qualification = fc.constantFrom('pb2', 'first-aid', 'vhf');
const day = fc.integer({ min: 0, max: 20 }).map((n) => addDaysToDate('2026-06-01', n));
const memberArb = fc.record({ id: fc.constantFrom('ann', 'bob'), renewalDate: day, disabled: fc.boolean() });
const heldArb = fc.array(fc.record({ memberId: fc.constant('ann'), qualificationId: qualification, expiresOn: fc.option(day, { nil: null }) }), {
  maxLength: 4,
});
const dutiesArb = fc.array(fc.record({ slotId: fc.constantFrom('s0', 's1', 's2', 'elsewhere'), window: windowArb }), { maxLength: 3 });
const slotsArb = fc
  .array(
    fc.record({
      id: fc.constantFrom('s0', 's1', 's2', 's3'),
      needed: fc.integer({ min: 1, max: 3 }),
      holders: fc.array(fc.record({ memberId: fc.constantFrom('ann', 'bob', 'cat') }), { maxLength: 3 }),
      window: windowArb,
      needs: fc.subarray(['pb2', 'first-aid', 'vhf']),
    }),
    { maxLength: 6 },
  )
  .map((slots) =>
    slots.map(({ window, needs, holders, ...slot }) => ({
      slot: { ...slot, holders: holders as DutyAssignment[] },
      window,
      dutyType: { qualificationIds: needs },
    })),
  );

describe('who may be offered a duty', () => {
  it('free at a time: no duty held (the handed-over one aside) overlaps it', () => {
    fc.assert(
      fc.property(dutiesArb, windowArb, fc.option(fc.constantFrom('s0', 's1'), { nil: undefined }), (duties, window, except) => {
        expect(isFreeAt(duties, window, except)).toBe(duties.filter((d) => d.slotId !== except).every((d) => !windowsOverlap(d.window, window)));
      }),
    );
  });

  it('a member may take a duty only when enabled, eligible on its dates, and free then', () => {
    fc.assert(
      fc.property(memberArb, heldArb, dutiesArb, windowArb, fc.subarray(['pb2', 'first-aid', 'vhf']), (member, held, duties, window, needs) => {
        const may = mayTakeDuty(member, { qualificationIds: needs }, held, duties, window);
        const eligible = ineligibility(member, { qualificationIds: needs }, held, [], window) === null;
        expect(may).toBe(!member.disabled && eligible && duties.every((d) => !windowsOverlap(d.window, window)));
      }),
    );
  });

  it('the open slots offered are exactly those still to start, with room, not held, that the member may take', () => {
    fc.assert(
      fc.property(memberArb, heldArb, dutiesArb, slotsArb, (member, held, duties, slots) => {
        const offered = openSlotsFor(member, held as MemberQualification[], duties, slots, now);
        for (const entry of slots) {
          const ok =
            Date.parse(entry.window.start) > now.getTime() &&
            entry.slot.holders.length < entry.slot.needed &&
            entry.slot.holders.every((h) => h.memberId !== member.id) &&
            !member.disabled &&
            ineligibility(member, entry.dutyType, held, [], entry.window) === null &&
            duties.every((d) => !windowsOverlap(d.window, entry.window));
          expect(offered.includes(entry)).toBe(ok);
        }
      }),
    );
  });

  it('the rota refuses exactly the slots not offered, each with its reason: held, started, filled, not eligible (what is missing, by name), busy', () => {
    const qualifications = [
      { id: 'pb2', name: 'Powerboat Level 2' },
      { id: 'first-aid', name: 'First Aid' },
      { id: 'vhf', name: 'VHF' },
    ];
    fc.assert(
      fc.property(memberArb, heldArb, dutiesArb, slotsArb, (member, held, duties, slots) => {
        const offered = openSlotsFor(member, held as MemberQualification[], duties, slots, now);
        for (const entry of slots) {
          const refusal = rotaRefusal(member, held as MemberQualification[], qualifications, duties, entry, now);
          expect(refusal === null).toBe(offered.includes(entry));
          if (entry.slot.holders.some((h) => h.memberId === member.id)) expect(refusal).toBe(ROTA_REFUSALS.yours);
          else if (refusal?.startsWith('Needs ')) expect(refusal).toBe(ineligibility(member, entry.dutyType, held, qualifications, entry.window));
          else if (refusal !== null)
            expect(Object.values(ROTA_REFUSALS).includes(refusal as never) || refusal === 'Membership not current on the day').toBe(true);
        }
      }),
    );
    const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
    const slot = { slot: { id: 's0', needed: 1, holders: [] }, window, dutyType: { qualificationIds: ['pb2'] } };
    expect(rotaRefusal({ id: 'ann', renewalDate: '2027-03-31', disabled: false }, [], qualifications, [], slot, now)).toBe('Needs Powerboat Level 2');
  });

  it.each([
    ['Ann Helm', 'Ann H.'],
    ['  Mary  Jane van der berg ', 'Mary B.'],
    ['Cher', 'Cher'],
    ['Zoë Øster', 'Zoë Ø.'],
    ['', ''],
  ])('names %j on the rota %j', (name, shown) => {
    expect(rotaName(name)).toBe(shown);
  });

  it('names members on the rota by first name and last initial, and finds them by the start of any word of their name', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { minLength: 2, maxLength: 4 }), (words) => {
        const name = rotaName(words.join(' '));
        expect(name).toBe(`${words[0]} ${words.at(-1)![0]!.toUpperCase()}.`);
      }),
    );
    expect(nameMatches('Bob Stern', 'bob st')).toBe(true);
    expect(nameMatches('Bob Stern', 'STERN')).toBe(true);
    expect(nameMatches('Zoë Stern', 'zoe')).toBe(true);
    expect(nameMatches('Bob Stern', 'ob')).toBe(false);
    expect(nameMatches('Bob Stern', 'bob x')).toBe(false);
    expect(nameMatches('Bob Stern', '  ')).toBe(false);
  });

  it('a qualification expiring on the duty’s last day still counts; the day before does not', () => {
    const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
    const member = { id: 'ann', renewalDate: '2027-03-31', disabled: false };
    const slot = { slot: { id: 's', needed: 1, holders: [] as DutyAssignment[] }, window, dutyType: { qualificationIds: ['pb2'] } };
    expect(openSlotsFor(member, [{ memberId: 'ann', qualificationId: 'pb2', expiresOn: '2026-07-04' }], [], [slot], now)).toHaveLength(1);
    expect(openSlotsFor(member, [{ memberId: 'ann', qualificationId: 'pb2', expiresOn: '2026-07-03' }], [], [slot], now)).toHaveLength(0);
  });
});

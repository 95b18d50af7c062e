/**
 * A generated season for the rota benchmark (bench/rota-fill.ts): `events` events on weekend days
 * from April, each with the same six duties (race officer, assistant, two safety boats, galley,
 * beach), `members` members in households of one to four, some qualified, each unavailable on
 * some dates, some with wishes, and some places already held by volunteers. Seeded, so every run
 * fills the same season.
 */
import type { RotaAssignment, RotaPerson, RotaProblem, RotaQuotaUnit, RotaSlot } from '../core/duty-rosters/rota-problem';
import { addDaysToDate } from '../core/shared/london-time';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const DUTIES = [
  { type: 'race-officer', needed: 1, needs: 'ro' },
  { type: 'assistant', needed: 1, needs: null },
  { type: 'safety-boat', needed: 2, needs: 'pb2' },
  { type: 'safety-boat-crew', needed: 1, needs: null },
  { type: 'galley', needed: 2, needs: null },
  { type: 'beach', needed: 1, needs: null },
] as const;

export function rotaSeason({ events = 30, members = 300, seed = 62 } = {}): RotaProblem {
  const next = random(seed);
  const slots: RotaSlot[] = [];
  const heldShare = 0.15;
  const holders: RotaAssignment[] = [];
  const dates: string[] = [];
  for (let e = 0; e < events; e += 1) {
    // Saturdays from 4 April 2026, with a Sunday event in some weeks.
    const week = Math.floor((e * 26) / events);
    const date = addDaysToDate('2026-04-04', week * 7 + (dates.includes(addDaysToDate('2026-04-04', week * 7)) ? 1 : 0));
    dates.push(date);
    DUTIES.forEach((duty, d) => {
      slots.push({
        id: `s${e}-${d}`,
        eventId: `event-${e}`,
        dutyTypeId: duty.type,
        date,
        window: { start: `${date}T09:00:00.000Z`, end: `${date}T16:00:00.000Z` },
        open: duty.needed,
        allowsSecondDuty: false,
      });
    });
  }
  const units: RotaQuotaUnit[] = [];
  const people: RotaPerson[] = [];
  let m = 0;
  while (m < members) {
    const size = Math.min(members - m, 1 + Math.floor(next() * next() * 4));
    const unitId = `h${units.length}`;
    units.push({ id: unitId, expected: size === 1 ? 1 : 2, done: next() < 0.1 ? 1 : 0 });
    for (let k = 0; k < size; k += 1, m += 1) {
      const qualified = new Set<string>();
      if (next() < 0.12) qualified.add('ro');
      if (next() < 0.25) qualified.add('pb2');
      const away = new Set(dates.filter(() => next() < 0.2));
      const lapsesOn = next() < 0.08 ? dates[Math.floor(next() * dates.length)] : null;
      const eligibleSlotIds = slots
        .filter((slot) => {
          const duty = DUTIES.find((d) => d.type === slot.dutyTypeId)!;
          return (duty.needs === null || qualified.has(duty.needs)) && !away.has(slot.date) && (lapsesOn === null || slot.date < lapsesOn);
        })
        .map((slot) => slot.id);
      const pick = () => DUTIES[Math.floor(next() * DUTIES.length)].type;
      people.push({ memberId: `m${m}`, unitId, eligibleSlotIds, prefers: next() < 0.3 ? [pick()] : [], avoids: next() < 0.1 ? [pick()] : [] });
    }
  }
  for (const slot of slots) {
    if (next() >= heldShare) continue;
    const able = people.filter(
      (person) =>
        person.eligibleSlotIds.includes(slot.id) &&
        !holders.some((h) => h.memberId === person.memberId && slots.find((s) => s.id === h.slotId)!.date === slot.date),
    );
    if (able.length === 0) continue;
    holders.push({ slotId: slot.id, memberId: able[Math.floor(next() * able.length)].memberId });
    slot.open -= 1;
  }
  return { slots, people, units, holders };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextEventsFirst } from '../../../../core/events/event-order';
import { GO_NO_GO_DAYS_AHEAD, onGoNoGoList } from '../../../../core/conditions/go-no-go';
import { anEvent } from '../../../support/entities';

const NOW = new Date('2026-06-06T09:00:00.000Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3_600_000).toISOString();

describe('nextEventsFirst: the order admins see events in', () => {
  it('puts the event under way and the next ones first, soonest first; then the ones over, latest first; undated last', () => {
    const events = [
      { id: 'far', eventdatetime: at(24 * 300), eventenddatetime: null },
      { id: 'undated', eventdatetime: null, eventenddatetime: null },
      { id: 'last-week', eventdatetime: at(-24 * 7), eventenddatetime: at(-24 * 7 + 3) },
      { id: 'tomorrow', eventdatetime: at(24), eventenddatetime: at(27) },
      { id: 'today', eventdatetime: at(-1), eventenddatetime: at(3) },
      { id: 'yesterday', eventdatetime: at(-24), eventenddatetime: at(-21) },
    ];
    expect(nextEventsFirst(events, NOW).map((e) => e.id)).toEqual(['today', 'tomorrow', 'far', 'yesterday', 'last-week', 'undated']);
  });

  it('for any events: keeps them all, and no event over comes before one still to come', () => {
    const event = fc.record({
      id: fc.uuid(),
      start: fc.option(fc.integer({ min: -24 * 400, max: 24 * 400 }), { nil: null }),
      length: fc.integer({ min: 1, max: 48 }),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (drawn) => {
        const events = drawn.map((e) => ({
          id: e.id,
          eventdatetime: e.start === null ? null : at(e.start),
          eventenddatetime: e.start === null ? null : at(e.start + e.length),
        }));
        const ordered = nextEventsFirst(events, NOW);
        expect([...ordered].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...events].sort((a, b) => a.id.localeCompare(b.id)));
        const coming = ordered.map((e) => e.eventenddatetime !== null && Date.parse(e.eventenddatetime) >= NOW.getTime());
        const lastComing = coming.lastIndexOf(true);
        expect(coming.slice(0, lastComing + 1).every(Boolean)).toBe(true);
        const starts = ordered.slice(0, lastComing + 1).map((e) => Date.parse(e.eventdatetime!));
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }),
    );
  });
});

describe('onGoNoGoList: the dashboard’s coming events, forecast or not', () => {
  it('without a forecast lists the coming week’s standing events (today’s under way included), not later ones, cancelled ones or ones over', () => {
    const today = anEvent({ eventdatetime: at(-1), eventenddatetime: at(3) });
    expect(onGoNoGoList(today, null, NOW)).toBe(true);
    expect(onGoNoGoList(anEvent({ eventdatetime: at(24 * GO_NO_GO_DAYS_AHEAD - 1), eventenddatetime: null }), null, NOW)).toBe(true);
    expect(onGoNoGoList(anEvent({ eventdatetime: at(24 * GO_NO_GO_DAYS_AHEAD + 1), eventenddatetime: null }), null, NOW)).toBe(false);
    expect(onGoNoGoList(anEvent({ eventdatetime: at(-5), eventenddatetime: at(-2) }), null, NOW)).toBe(false);
    expect(onGoNoGoList({ ...today, cancelledAt: at(-48) }, null, NOW)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { CALENDAR_ANSWER_MS, CalendarAnswerCache } from '../../../../server/features/events/calendar-answer-cache';

function setup() {
  let now = 1_000_000;
  let builds = 0;
  let events = ['regatta'];
  const cache = new CalendarAnswerCache(() => now);
  const build = async () => {
    builds += 1;
    return { events: [...events] };
  };
  return {
    cache,
    answer: () => cache.answer(build).then((body) => JSON.parse(body) as { events: string[] }),
    builds: () => builds,
    advance: (ms: number) => (now += ms),
    setEvents: (next: string[]) => (events = next),
  };
}

describe('CalendarAnswerCache', () => {
  it('builds the calendar once for requests within its lifetime, and again after it', async () => {
    const t = setup();
    expect(await t.answer()).toEqual({ events: ['regatta'] });
    t.advance(CALENDAR_ANSWER_MS - 1);
    await t.answer();
    expect(t.builds()).toBe(1);
    t.setEvents(['regatta', 'party']);
    t.advance(1);
    expect(await t.answer()).toEqual({ events: ['regatta', 'party'] });
    expect(t.builds()).toBe(2);
  });

  it('answers with fresh data at once after a change, however recent the last answer', async () => {
    const t = setup();
    await t.answer();
    t.setEvents([]);
    t.cache.changed();
    expect(await t.answer()).toEqual({ events: [] });
  });

  it('shares one build among requests arriving together, but not with a request after a change', async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.answer(), t.answer()]);
    expect(a).toEqual(b);
    expect(t.builds()).toBe(1);
    const during = t.answer();
    t.setEvents(['new']);
    t.cache.changed();
    expect(await t.answer()).toEqual({ events: ['new'] });
    await during;
  });

  it('treats a clock that went back as a change', async () => {
    const t = setup();
    await t.answer();
    t.advance(-5000);
    t.setEvents(['moved']);
    expect(await t.answer()).toEqual({ events: ['moved'] });
  });

  it('counts a state-changing request at its start and at its end, and ignores reads', async () => {
    const t = setup();
    await t.answer();
    const listeners: (() => void)[] = [];
    const res = { on: (_event: string, fn: () => void) => listeners.push(fn) };
    let nexts = 0;
    t.cache.watchWrites({ method: 'GET' } as never, res as never, () => (nexts += 1));
    t.setEvents(['unchanged?']);
    expect(await t.answer()).toEqual({ events: ['regatta'] });
    t.cache.watchWrites({ method: 'POST' } as never, res as never, () => (nexts += 1));
    expect(await t.answer()).toEqual({ events: ['unchanged?'] });
    t.setEvents(['after']);
    for (const fn of listeners) fn();
    expect(await t.answer()).toEqual({ events: ['after'] });
    expect(nexts).toBe(2);
  });
});

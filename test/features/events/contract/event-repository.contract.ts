import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import type { EventRepository } from '../../../../core/events/event-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { anEvent, anEventSeries } from '../../../support/entities';
import type { EventSeries } from '../../../../core/events/event-series';
import { seriesEvent } from '../../../../core/events/event-series';

const aSeries = anEventSeries;

function datesOf(series: EventSeries, dates = ['2026-04-05', '2026-03-22', '2026-03-29']) {
  return dates.map((date) => seriesEvent(series, date, `${series.id}-${date}`, new Date('2026-01-05T09:00:00.000Z')));
}

export function describeEventRepositoryContract(name: string, makeAdapter: AdapterFactory<EventRepository>): void {
  describeContract('EventRepository', name, makeAdapter, (events) => {
    itAnswers('returns null for an event that does not exist', [() => events().get('no-such-event'), null]);

    itAnswers(
      'returns null, not an error, for an id that is not well-formed Unicode (an unpaired surrogate)',
      [() => events().get('x\ud800'), null],
      [() => events().get('\udc00'), null],
    );

    it('gives back a created event exactly as it was stored', async () => {
      const regatta = anEvent({ eventenddatetime: null, bookingEndDate: null, capacity: null, currency: 'EUR' });
      await events().create(regatta);
      expect(await events().get(regatta.id)).toEqual(regatta);
    });

    it('keeps instants written with an offset unchanged', async () => {
      const event = anEvent({ eventdatetime: '2026-07-04T10:00:00+01:00', eventenddatetime: '2026-07-04T17:00:00.123+01:00' });
      await events().create(event);
      expect(await events().get(event.id)).toEqual(event);
    });

    it('refuses to create an event whose id exists, and keeps the first one', async () => {
      const first = anEvent({ name: 'First' });
      await events().create(first);
      const error = await rejectionOf(events().create(anEvent({ name: 'Second' })));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await events().get(first.id)).toEqual(first);
    });

    it('replaces every field of an event on update', async () => {
      await events().create(anEvent());
      const changed = anEvent({
        name: 'Summer Regatta (rescheduled)',
        description: 'New date',
        eventdatetime: '2026-07-11T09:00:00.000Z',
        eventenddatetime: null,
        bookingEndDate: null,
        allowBooking: false,
        isBoatEvent: false,
        offerChild: false,
        offerVeg: false,
        offerSoftDrinks: true,
        requiresPayment: false,
        price: 0,
        currency: 'USD',
        capacity: 12,
        updatedAt: '2026-05-02T08:00:00.000Z',
        sequence: 3,
        cancelledAt: '2026-05-02T08:00:00.000Z',
        cancelReason: 'No wind forecast',
      });
      await events().update(changed);
      expect(await events().get(changed.id)).toEqual(changed);
    });

    it('keeps reminders turned off, and on again (false and absent both mean on)', async () => {
      const quiet = anEvent({ remindersOff: true });
      await events().create(quiet);
      expect(await events().get(quiet.id)).toEqual(quiet);
      expect((await events().listNotOverBefore(new Date('2026-06-01T00:00:00.000Z')))[0].remindersOff).toBe(true);
      await events().update({ ...quiet, remindersOff: false });
      expect((await events().get(quiet.id))?.remindersOff ?? false).toBe(false);
      await events().update(anEvent());
      expect((await events().get(quiet.id))?.remindersOff ?? false).toBe(false);
      await events().update({ ...quiet, remindersOff: true });
      expect((await events().get(quiet.id))?.remindersOff).toBe(true);
    });

    it('keeps a member price, and takes it away when an update has none (absent and null both mean none)', async () => {
      const supper = anEvent({ requiresPayment: true, price: 1500, memberPrice: 1000 });
      await events().create(supper);
      expect(await events().get(supper.id)).toEqual(supper);
      await events().update({ ...supper, memberPrice: 0 });
      expect((await events().get(supper.id))?.memberPrice).toBe(0);
      await events().update({ ...supper, memberPrice: null });
      expect((await events().get(supper.id))?.memberPrice ?? null).toBeNull();
      await events().update({ ...supper, memberPrice: 900 });
      const { memberPrice: _gone, ...withoutOne } = supper;
      await events().update(withoutOne);
      expect((await events().get(supper.id))?.memberPrice ?? null).toBeNull();
    });

    it('with an expected sequence, writes only over that version: of two writers that read the same version, one wins', async () => {
      const stored = anEvent({ sequence: 4 });
      await events().create(stored);
      const cancelled = { ...stored, sequence: 5, cancelledAt: '2026-05-02T08:00:00.000Z', cancelReason: 'Gale warning' };
      const edited = { ...stored, sequence: 5, name: 'Renamed in a race' };
      const outcomes = await Promise.all([events().update(cancelled, { sequence: 4 }), events().update(edited, { sequence: 4 })]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const after = await events().get(stored.id);
      expect(after).toEqual(outcomes[0] ? cancelled : edited);
      // A stale write changes nothing and says so; the version now stored is written over.
      expect(await events().update({ ...stored, name: 'Stale' }, { sequence: 4 })).toBe(false);
      expect(await events().get(stored.id)).toEqual(after);
      expect(await events().update({ ...after!, sequence: 6, name: 'Fresh' }, { sequence: 5 })).toBe(true);
      expect((await events().get(stored.id))?.name).toBe('Fresh');
      const error = await rejectionOf(events().update(anEvent({ id: 'ghost' }), { sequence: 0 }));
      expect(error).toBeInstanceOf(NotFoundError);
    });

    it('refuses to update an event that does not exist, and does not create it', async () => {
      const error = await rejectionOf(events().update(anEvent({ id: 'ghost' })));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(await events().get('ghost')).toBeNull();
    });

    it('deletes an event and says whether there was one', async () => {
      await events().create(anEvent({ id: 'a' }));
      await events().create(anEvent({ id: 'b' }));
      expect(await events().delete('a')).toBe(true);
      expect(await events().get('a')).toBeNull();
      expect(await events().delete('a')).toBe(false);
      expect(await events().delete('never-there')).toBe(false);
      expect((await events().list({ order: 'asc' })).map((e) => e.id)).toEqual(['b']);
    });

    itAnswers('lists nothing when there are no events', [() => events().list({ order: 'asc' }), []], [() => events().list({ order: 'desc', limit: 5 }), []]);

    describe('ordering', () => {
      // Written in an order that matches neither sort, with one start in another offset whose
      // text sorts after a later UTC instant, two events on the same start and two without dates.
      const stored = [
        anEvent({ id: 'tbc-b', eventdatetime: null, eventenddatetime: null }),
        anEvent({ id: 'late', eventdatetime: '2026-09-01T09:00:00.000Z' }),
        anEvent({ id: 'same-b', eventdatetime: '2026-08-01T09:00:00.000Z' }),
        anEvent({ id: 'offset', eventdatetime: '2026-07-04T10:00:00+01:00' }), // 09:00 UTC
        anEvent({ id: 'tbc-a', eventdatetime: null, eventenddatetime: null }),
        anEvent({ id: 'same-a', eventdatetime: '2026-08-01T09:00:00.000Z' }),
        anEvent({ id: 'early', eventdatetime: '2026-07-04T09:30:00.000Z' }),
        anEvent({ id: 'earliest', eventdatetime: '2025-12-31T23:59:59.999Z' }),
      ];

      async function storeAll(): Promise<void> {
        for (const event of stored) await events().create(event);
      }

      it('lists by start ascending, undated events last, equal starts by id', async () => {
        await storeAll();
        const ids = (await events().list({ order: 'asc' })).map((e) => e.id);
        expect(ids).toEqual(['earliest', 'offset', 'early', 'same-a', 'same-b', 'late', 'tbc-a', 'tbc-b']);
      });

      it('lists by start descending, undated events still last, equal starts by id', async () => {
        await storeAll();
        const ids = (await events().list({ order: 'desc' })).map((e) => e.id);
        expect(ids).toEqual(['late', 'same-a', 'same-b', 'early', 'offset', 'earliest', 'tbc-a', 'tbc-b']);
      });

      it('caps the list at the limit, keeping the first of the order', async () => {
        await storeAll();
        expect((await events().list({ order: 'desc', limit: 5 })).map((e) => e.id)).toEqual(['late', 'same-a', 'same-b', 'early', 'offset']);
        expect((await events().list({ order: 'asc', limit: 1 })).map((e) => e.id)).toEqual(['earliest']);
        expect(await events().list({ order: 'asc', limit: 100 })).toHaveLength(stored.length);
      });

      it('returns whole events in a list', async () => {
        await storeAll();
        const listed = await events().list({ order: 'asc' });
        expect(listed.find((e) => e.id === 'offset')).toEqual(stored.find((e) => e.id === 'offset'));
      });
    });

    it('lists only the events not over before a moment (end, else start, at or after it), then the undated ones', async () => {
      const from = new Date('2026-07-04T00:00:00.000Z');
      const events_ = [
        anEvent({ id: 'over', eventdatetime: '2026-07-02T09:00:00.000Z', eventenddatetime: '2026-07-03T23:59:59.999Z' }),
        anEvent({ id: 'no-end-before', eventdatetime: '2026-07-03T23:59:59.999Z', eventenddatetime: null }),
        anEvent({ id: 'ends-at-from', eventdatetime: '2026-07-01T09:00:00.000Z', eventenddatetime: '2026-07-04T00:00:00.000Z' }),
        anEvent({ id: 'started-earlier', eventdatetime: '2026-06-30T09:00:00.000Z', eventenddatetime: '2026-07-10T16:00:00.000Z' }),
        anEvent({ id: 'no-end-after', eventdatetime: '2026-07-05T09:00:00.000Z', eventenddatetime: null }),
        // An end before its start is the end, as the core reads it: over.
        anEvent({ id: 'slip', eventdatetime: '2026-07-06T09:00:00.000Z', eventenddatetime: '2026-07-01T09:00:00.000Z' }),
        anEvent({ id: 'later', eventdatetime: '2026-08-01T09:00:00+01:00', eventenddatetime: '2026-08-01T17:00:00+01:00' }),
        anEvent({ id: 'tbc', eventdatetime: null, eventenddatetime: null }),
      ];
      for (const event of events_) await events().create(event);
      expect((await events().listNotOverBefore(from)).map((e) => e.id)).toEqual(['started-earlier', 'ends-at-from', 'no-end-after', 'later', 'tbc']);
      expect((await events().listNotOverBefore(from)).find((e) => e.id === 'later')).toEqual(events_.find((e) => e.id === 'later'));
      // Moving an event's dates moves it in or out of the list.
      await events().update({ ...events_[0], eventenddatetime: '2026-07-09T09:00:00.000Z' });
      expect((await events().listNotOverBefore(from)).map((e) => e.id)).toContain('over');
    });

    it('is not changed by changing an event it returned', async () => {
      await events().create(anEvent());
      const copy = await events().get('summer-regatta');
      copy!.name = 'Changed by the caller';
      const [listed] = await events().list({ order: 'asc' });
      listed.capacity = 1;
      expect(await events().get('summer-regatta')).toEqual(anEvent());
    });

    it('stores a series with its dates, each naming it, and lists them by start', async () => {
      const series = aSeries();
      const dates = datesOf(series);
      await events().create(anEvent());
      await events().createSeries(series, dates);
      expect(await events().getSeries(series.id)).toEqual(series);
      expect(await events().listSeries()).toEqual([series]);
      expect((await events().listBySeries(series.id)).map((e) => e.id)).toEqual([
        'sunday-racing-2026-03-22',
        'sunday-racing-2026-03-29',
        'sunday-racing-2026-04-05',
      ]);
      expect(await events().get('sunday-racing-2026-03-29')).toEqual(dates[2]);
      expect((await events().get('summer-regatta'))?.seriesId).toBeUndefined();
      expect(await events().listBySeries('no-such-series')).toEqual([]);
      expect(await events().getSeries('no-such-series')).toBeNull();
    });

    it('creates a series all or nothing: an event id that exists stores neither the series nor any date', async () => {
      const series = aSeries();
      const taken = datesOf(series)[1];
      await events().create(taken);
      const error = await rejectionOf(events().createSeries(series, datesOf(series)));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await events().getSeries(series.id)).toBeNull();
      expect(await events().get('sunday-racing-2026-04-05')).toBeNull();
      const again = await rejectionOf(
        events()
          .createSeries(aSeries({ id: 'other' }), [])
          .then(() => events().createSeries(aSeries({ id: 'other' }), [])),
      );
      expect(again).toBeInstanceOf(ConflictError);
    });

    it('lists series by first date, then id; replaces one on update, and refuses to update one that does not exist', async () => {
      await events().createSeries(aSeries({ id: 'b', firstDate: '2026-05-01' }), []);
      await events().createSeries(aSeries({ id: 'a', firstDate: '2026-05-01' }), []);
      await events().createSeries(aSeries({ id: 'c', firstDate: '2026-04-01' }), []);
      expect((await events().listSeries()).map((s) => s.id)).toEqual(['c', 'a', 'b']);
      const changed = aSeries({
        id: 'a',
        firstDate: '2026-05-01',
        name: 'Wednesday evenings',
        startTime: '18:30',
        templateId: 'tpl-1',
        event: { ...aSeries().event, capacity: 8, memberPrice: null },
      });
      await events().updateSeries(changed);
      expect(await events().getSeries('a')).toEqual(changed);
      expect(await rejectionOf(events().updateSeries(aSeries({ id: 'none' })))).toBeInstanceOf(NotFoundError);
    });

    it('keeps a date in its series through an update of the event', async () => {
      const series = aSeries();
      const [date] = datesOf(series, ['2026-03-22']);
      await events().createSeries(series, [date]);
      await events().update({ ...date, name: 'Sunday racing (moved)', sequence: 1 }, { sequence: 0 });
      expect((await events().listBySeries(series.id)).map((e) => [e.name, e.seriesId])).toEqual([['Sunday racing (moved)', series.id]]);
    });
  });
}

import { expect, it } from 'vitest';
import { DEFAULT_CONDITIONS_LIMITS, type ConditionsLimits } from '../../../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../../../core/conditions/conditions-repository.port';
import type { EventConditions } from '../../../../core/conditions/event-conditions';
import type { Forecast } from '../../../../core/conditions/forecast';
import { ValidationError } from '../../../../core/shared/errors';
import { rejectionOf, describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function someLimits(overrides: Partial<ConditionsLimits> = {}): ConditionsLimits {
  return { ...DEFAULT_CONDITIONS_LIMITS, updatedAt: '2026-11-25T10:00:00.000Z', updatedBy: 'officer@club.example', ...overrides };
}

function aForecast(fetchedAt = '2026-11-25T10:00:00.000Z', windKn = 14.2): Forecast {
  return {
    fetchedAt,
    latitude: 51.5,
    longitude: -0.12,
    hours: [
      { time: '2026-11-25T10:00:00.000Z', windKn, gustKn: 21.7, directionDeg: 225, temperatureC: 9.5 },
      { time: '2026-11-25T11:00:00.000Z', windKn: null, gustKn: null, directionDeg: null, temperatureC: null },
    ],
  };
}

function aRecord(eventId: string, overrides: Partial<EventConditions> = {}): EventConditions {
  return {
    eventId,
    kind: 'junior-training',
    decisions: [{ decision: 'go', reason: 'Light winds', decidedAt: '2026-11-25T10:00:00.000Z', decidedBy: 'officer@club.example', moved: null }],
    ...overrides,
  };
}

export function describeConditionsRepositoryContract(name: string, makeAdapter: AdapterFactory<ConditionsRepository>): void {
  describeContract('ConditionsRepository', name, makeAdapter, (repo) => {
    it('keeps nothing at first: no limits, no forecast, no event record', async () => {
      expect(await repo().getLimits()).toBeNull();
      expect(await repo().getForecast()).toBeNull();
      expect(await repo().getEvent('e1')).toBeNull();
      expect(await repo().getEvents(['e1', 'e2'])).toEqual(new Map());
    });

    it('reads back the limits as saved, and a second save replaces the first', async () => {
      await repo().saveLimits(someLimits());
      expect(await repo().getLimits()).toEqual(someLimits());
      const changed = someLimits({ marginKn: 2.5, kinds: [{ id: 'keelboats', name: 'Keelboats ⛵', windKn: 25, gustKn: 33.5 }], defaultKind: 'keelboats' });
      await repo().saveLimits(changed);
      expect(await repo().getLimits()).toEqual(changed);
    });

    it('refuses limits that are not valid with a ValidationError, and keeps those stored', async () => {
      await repo().saveLimits(someLimits());
      const bad: ConditionsLimits[] = [
        someLimits({ kinds: [] }),
        someLimits({ defaultKind: 'nothing-like-it' }),
        someLimits({ marginKn: -1 }),
        someLimits({
          kinds: [
            { id: 'a', name: 'A', windKn: 10, gustKn: 15 },
            { id: 'a', name: 'B', windKn: 10, gustKn: 15 },
          ],
          defaultKind: 'a',
        }),
        someLimits({ kinds: [{ id: 'Bad Id', name: 'A', windKn: 10, gustKn: 15 }], defaultKind: 'Bad Id' }),
      ];
      for (const limits of bad) expect(await rejectionOf(repo().saveLimits(limits))).toBeInstanceOf(ValidationError);
      expect(await repo().getLimits()).toEqual(someLimits());
    });

    it('reads back the last forecast saved, its empty values kept as null', async () => {
      await repo().saveForecast(aForecast());
      expect(await repo().getForecast()).toEqual(aForecast());
      await repo().saveForecast(aForecast('2026-11-25T11:00:00.000Z', 30));
      expect(await repo().getForecast()).toEqual(aForecast('2026-11-25T11:00:00.000Z', 30));
    });

    it('refuses a forecast that is not valid, and keeps the one stored', async () => {
      await repo().saveForecast(aForecast());
      const bad = { ...aForecast('2026-11-25T12:00:00.000Z'), latitude: 91 };
      expect(await rejectionOf(repo().saveForecast(bad))).toBeInstanceOf(ValidationError);
      const negative = aForecast('2026-11-25T12:00:00.000Z', -3);
      expect(await rejectionOf(repo().saveForecast(negative))).toBeInstanceOf(ValidationError);
      expect(await repo().getForecast()).toEqual(aForecast());
    });

    it('changes one record per event: the change is given the stored record, or a new one, and the result is kept', async () => {
      const seen: EventConditions[] = [];
      expect(await repo().changeEvent('e1', (record) => (seen.push(record), aRecord('e1')))).toEqual(aRecord('e1'));
      expect(await repo().changeEvent('e2', (record) => (seen.push(record), record))).toEqual(aRecord('e2', { kind: null, decisions: [] }));
      const postponement = {
        decision: 'postpone' as const,
        reason: 'Gusts of 30 knots',
        decidedAt: '2026-11-26T08:00:00.000Z',
        decidedBy: 'officer@club.example',
        moved: { fromStart: '2026-11-28T10:00:00.000Z', fromEnd: null, toStart: '2026-11-29T10:00:00.000Z', toEnd: '2026-11-29T13:00:00.000Z' },
      };
      const postponed = aRecord('e1', { decisions: [...aRecord('e1').decisions, postponement] });
      expect(await repo().changeEvent('e1', (record) => (seen.push(record), { ...record, decisions: [...record.decisions, postponement] }))).toEqual(postponed);
      // What each change was given: nothing stored yet (a new record), then what the first stored.
      expect(seen.slice(0, 2)).toEqual([aRecord('e1', { kind: null, decisions: [] }), aRecord('e2', { kind: null, decisions: [] })]);
      expect(seen.at(-1)).toEqual(aRecord('e1'));
      expect(await repo().getEvent('e1')).toEqual(postponed);
      expect(await repo().getEvent('e2')).toEqual(aRecord('e2', { kind: null, decisions: [] }));
      expect(await repo().getEvents(['e2', 'e1', 'e3', 'e1'])).toEqual(
        new Map([
          ['e1', postponed],
          ['e2', aRecord('e2', { kind: null, decisions: [] })],
        ]),
      );
    });

    it('answers null for an id no event could have, and refuses a change that is not valid, keeping what is stored', async () => {
      for (const id of ['', 'a/b', 'x'.repeat(201)]) {
        expect(await repo().getEvent(id)).toBeNull();
        expect(await rejectionOf(repo().changeEvent(id, (record) => record))).toBeInstanceOf(ValidationError);
      }
      await repo().changeEvent('e1', () => aRecord('e1'));
      const blankReason = (record: EventConditions) => ({ ...record, decisions: [{ ...record.decisions[0], reason: '  ' }] });
      expect(await rejectionOf(repo().changeEvent('e1', blankReason))).toBeInstanceOf(ValidationError);
      // A record of another event is not stored under this one's id.
      expect(await rejectionOf(repo().changeEvent('e1', () => aRecord('e2')))).toBeInstanceOf(ValidationError);
      const failing = new Error('the change failed');
      expect(
        await rejectionOf(
          repo().changeEvent('e1', () => {
            throw failing;
          }),
        ),
      ).toBe(failing);
      expect(await repo().getEvent('e1')).toEqual(aRecord('e1'));
      expect(await repo().getEvent('e2')).toBeNull();
    });

    it('two officers deciding at once, and a kind set meanwhile: every change is kept', async () => {
      const decision = (n: number) => ({ ...aRecord('e1').decisions[0], reason: `Decision ${n}`, decidedAt: `2026-11-25T10:0${n}:00.000Z` });
      await Promise.all([
        ...[1, 2, 3, 4, 5].map((n) => repo().changeEvent('e1', (record) => ({ ...record, decisions: [...record.decisions, decision(n)] }))),
        repo().changeEvent('e1', (record) => ({ ...record, kind: 'dinghies' })),
      ]);
      const stored = await repo().getEvent('e1');
      expect(stored?.kind).toBe('dinghies');
      expect(stored?.decisions.map((d) => d.reason).sort()).toEqual(['Decision 1', 'Decision 2', 'Decision 3', 'Decision 4', 'Decision 5']);
    });

    it('reads many events at once past any batch size', async () => {
      const ids = Array.from({ length: 230 }, (_, i) => `ev-${i}`);
      for (const id of ids.filter((_, i) => i % 3 === 0)) await repo().changeEvent(id, () => aRecord(id));
      const found = await repo().getEvents(ids);
      expect([...found.keys()].sort()).toEqual(ids.filter((_, i) => i % 3 === 0).sort());
    });
  });
}

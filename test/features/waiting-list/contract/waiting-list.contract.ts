import { expect, it } from 'vitest';
import type { AuditEntry } from '../../../../core/audit/audit';
import type { WaitingListEntry } from '../../../../core/waiting-list/waiting-list-entry';
import type { AuditLog } from '../../../../core/audit/audit-log.port';
import type { Outbox } from '../../../../core/mail/outbox.port';
import type { WaitingList } from '../../../../core/waiting-list/waiting-list.port';
import { leftEntry } from '../../../../core/waiting-list/waiting-list';
import { aMessage } from '../../mail/contract/outbox.contract';
import { describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export const T0 = '2026-06-01T09:00:00.000Z';

export function anEntry(id: string, overrides: Partial<WaitingListEntry> = {}): WaitingListEntry {
  return {
    id,
    eventId: 'event-1',
    name: `Member ${id}`,
    email: `${id}@example.org`,
    places: 2,
    joinedAt: T0,
    status: 'waiting',
    offeredUntil: null,
    updatedAt: T0,
    memberId: null,
    ...overrides,
  };
}

function anAuditEntry(id: string): AuditEntry {
  return { id, at: T0, actor: { kind: 'system' }, action: 'waitlist.removed', recordType: 'event', recordId: 'event-1', summary: 'Removed', changes: [] };
}

/** The waiting list with the outbox and audit log it writes beside its entries. */
export interface WaitingListStores {
  list: WaitingList;
  outbox: Outbox;
  audit: AuditLog;
}

export function describeWaitingListContract(name: string, makeAdapter: AdapterFactory<WaitingListStores>): void {
  describeContract('WaitingList', name, makeAdapter, (stores) => {
    it('keeps each entry whole, lists an event’s entries first joined first, and writes the join’s e-mail with it', async () => {
      const later = anEntry('b', { joinedAt: '2026-06-01T10:00:00.000Z', updatedAt: '2026-06-01T10:00:00.000Z', places: 1 });
      expect(await stores().list.join(later, [aMessage('m-b', 0, 'b')])).toBe(true);
      expect(await stores().list.join(anEntry('a'), [aMessage('m-a', 0, 'a')])).toBe(true);
      expect(await stores().list.join(anEntry('c', { eventId: 'event-2' }), [])).toBe(true);
      expect(await stores().list.get('a')).toEqual(anEntry('a'));
      expect(await stores().list.get('nope')).toBeNull();
      expect((await stores().list.listByEvent('event-1')).map((e) => e.id)).toEqual(['a', 'b']);
      expect(await stores().list.listByEvent('event-2')).toEqual([anEntry('c', { eventId: 'event-2' })]);
      expect((await stores().outbox.list({ recordId: 'a' })).map((m) => m.id)).toEqual(['m-a']);
    });

    it('refuses a second entry in line for one address (any case) and event, writing nothing; one that left may join again', async () => {
      await stores().list.join(anEntry('a'), []);
      expect(await stores().list.join(anEntry('a2', { email: 'A@Example.org' }), [aMessage('m-a2', 0, 'a2')])).toBe(false);
      expect(await stores().list.get('a2')).toBeNull();
      expect(await stores().outbox.list({ recordId: 'a2' })).toEqual([]);
      // Another event: a separate line.
      expect(await stores().list.join(anEntry('a3', { email: 'a@example.org', eventId: 'event-2' }), [])).toBe(true);
      await stores().list.change('a', (current) => ({ entry: leftEntry(current, new Date(T0))! }));
      expect(await stores().list.join(anEntry('a4', { email: 'a@example.org' }), [])).toBe(true);
      // In line: waiting or offered, of every event, first joined first.
      await stores().list.change('a3', (current) => ({ entry: { ...current, status: 'offered', offeredUntil: '2026-06-02T09:00:00.000Z' } }));
      expect((await stores().list.listInLine()).map((e) => [e.id, e.status]).sort()).toEqual([
        ['a3', 'offered'],
        ['a4', 'waiting'],
      ]);
    });

    it('lists a member’s entries in line: joined signed in, and joined without signing in with their e-mail (any case), never another member’s', async () => {
      const member = { memberId: 'm-1', emailKey: 'ann@example.org' };
      await stores().list.join(anEntry('own', { email: 'other@example.org', memberId: 'm-1', joinedAt: '2026-06-01T11:00:00.000Z' }), []);
      await stores().list.join(anEntry('guest', { email: 'Ann@Example.org', eventId: 'event-2', joinedAt: '2026-06-01T10:00:00.000Z' }), []);
      await stores().list.join(
        anEntry('offered', { email: 'ann@example.org', eventId: 'event-3', status: 'offered', offeredUntil: '2026-06-02T09:00:00.000Z' }),
        [],
      );
      await stores().list.join(anEntry('left', { email: 'ann@example.org', eventId: 'event-4' }), []);
      await stores().list.change('left', (current) => ({ entry: leftEntry(current, new Date(T0))! }));
      await stores().list.join(anEntry('other-member', { email: 'ann@example.org', eventId: 'event-5', memberId: 'm-2' }), []);
      await stores().list.join(anEntry('stranger', { email: 'bob@example.org', eventId: 'event-2' }), []);
      expect((await stores().list.listInLineForMember(member, 10)).map((e) => e.id)).toEqual(['offered', 'guest', 'own']);
      expect((await stores().list.listInLineForMember(member, 10))[2]).toEqual(
        anEntry('own', { email: 'other@example.org', memberId: 'm-1', joinedAt: '2026-06-01T11:00:00.000Z' }),
      );
      // At most one of each kind.
      expect((await stores().list.listInLineForMember(member, 1)).map((e) => e.id)).toContain('own');
      expect(await stores().list.listInLineForMember(member, 1)).toHaveLength(2);
      expect(await stores().list.listInLineForMember({ memberId: 'm-9', emailKey: 'nobody@example.org' }, 10)).toEqual([]);
    });

    it('change writes the decided entry with its mail and audit entries; null decides nothing; an unknown id is null', async () => {
      await stores().list.join(anEntry('a'), []);
      const result = await stores().list.change('a', (current) => ({
        entry: { ...current, status: 'offered', offeredUntil: '2026-06-02T09:00:00.000Z' },
        mail: [aMessage('offer-a', 0, 'a')],
        audit: [anAuditEntry('audit-a')],
      }));
      expect(result).toEqual({ entry: anEntry('a', { status: 'offered', offeredUntil: '2026-06-02T09:00:00.000Z' }), changed: true });
      expect(await stores().list.get('a')).toEqual(result?.entry);
      expect((await stores().outbox.list({ recordId: 'a' })).map((m) => m.id)).toEqual(['offer-a']);
      expect((await stores().audit.list({ recordId: 'event-1', limit: 10 })).map((e) => e.id)).toEqual(['audit-a']);
      expect(await stores().list.change('a', () => null)).toEqual({ entry: result?.entry, changed: false });
      expect(await stores().list.change('nope', (c) => ({ entry: c }))).toBeNull();
    });

    it('a change whose decision throws writes nothing, and a change may not move the entry', async () => {
      await stores().list.join(anEntry('a'), []);
      await expect(
        stores().list.change('a', () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await expect(stores().list.change('a', (c) => ({ entry: { ...c, eventId: 'event-9' }, mail: [aMessage('x', 0, 'a')] }))).rejects.toThrow();
      expect(await stores().list.get('a')).toEqual(anEntry('a'));
      expect(await stores().outbox.list({ recordId: 'a' })).toEqual([]);
    });

    it('of concurrent joins with one address, exactly one is added', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => stores().list.join(anEntry(`r${i}`, { email: 'race@example.org' }), [aMessage(`m-r${i}`, 0, `r${i}`)])),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stores().list.listByEvent('event-1')).toHaveLength(1);
      expect((await stores().outbox.list()).length).toBe(1);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { FirestoreMemberRepository } from '../../../../adapters/firestore/firestore-member-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { SqliteMemberRepository } from '../../../../adapters/sqlite/sqlite-member-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import type { Member } from '../../../../core/members/member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ConflictError, StaleWriteError } from '../../../../core/shared/errors';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { withTempSqlite } from '../../../support/temp-sqlite';
import { aMessage } from '../../mail/contract/outbox.contract';
import { rejectionOf } from '../../../support/contract/storage-fixtures';

// MemberRepository.update with `mail` (the notice of a changed e-mail, docs/my-club.md#my-details):
// the member and the messages in one atomic write on every storage, or neither.

const firestore = useFirestoreEmulator();

interface Store {
  members: MemberRepository;
  outbox: Outbox;
}

const STORES: [string, (body: (store: Store) => Promise<void>) => Promise<void>][] = [
  [
    'memory',
    async (body) => {
      const outbox = new MemoryOutbox();
      await body({ members: new MemoryMemberRepository({ outbox }), outbox });
    },
  ],
  [
    'SQLite',
    (body) =>
      withTempSqlite(async (sqlite) => {
        const db = await sqlite.open();
        await body({ members: new SqliteMemberRepository(db), outbox: new SqliteOutbox(db) });
      }, 'kyc-member-mail-'),
  ],
  ['Firestore emulator', (body) => onTwoClients(firestore, (db) => body({ members: new FirestoreMemberRepository(db), outbox: new FirestoreOutbox(db) }))],
];

const NOW = '2026-06-01T09:00:00.000Z';
const ann: Member = {
  id: 'ann',
  name: 'Ann Helm',
  email: 'ann@example.org',
  membershipType: 'Adult',
  renewalDate: '2027-03-31',
  disabled: false,
  createdAt: NOW,
  updatedAt: NOW,
};
const bob: Member = { ...ann, id: 'bob', name: 'Bob Helm', email: 'bob@example.org' };

for (const [name, withStore] of STORES) {
  describe(`MemberRepository.update with mail (${name})`, () => {
    it('writes the member and adds the messages in one step', () =>
      withStore(async ({ members, outbox }) => {
        await members.create(ann);
        await members.update({ ...ann, email: 'ann.new@example.org' }, { mail: [aMessage('notice-1', 0, 'ann')] });
        expect((await members.get('ann'))?.email).toBe('ann.new@example.org');
        expect((await outbox.list()).map((m) => m.id)).toEqual(['notice-1']);
      }));

    it('writes neither when the e-mail is taken or a message id is already in the outbox', () =>
      withStore(async ({ members, outbox }) => {
        await members.create(ann);
        await members.create(bob);
        await outbox.add([aMessage('taken', 0, 'ann')]);
        expect(await rejectionOf(members.update({ ...ann, email: 'BOB@example.org' }, { mail: [aMessage('notice-2', 0, 'ann')] }))).toBeInstanceOf(
          ConflictError,
        );
        expect(await rejectionOf(members.update({ ...ann, email: 'ann.new@example.org' }, { mail: [aMessage('taken', 1, 'ann')] }))).toBeInstanceOf(
          ConflictError,
        );
        expect(await members.get('ann')).toEqual(ann);
        expect((await outbox.list()).map((m) => m.id)).toEqual(['taken']);
      }));
  });

  // The compare-and-set that keeps a write based on an older read from undoing a renewal made meanwhile.
  describe(`MemberRepository.update with expectedUpdatedAt (${name})`, () => {
    it('writes only over the member as the caller read it; otherwise StaleWriteError and nothing written, mail neither', () =>
      withStore(async ({ members, outbox }) => {
        await members.create(ann);
        const renewed = { ...ann, renewalDate: '2028-03-31', updatedAt: '2026-06-01T09:00:05.000Z' };
        await members.update(renewed, { expectedUpdatedAt: ann.updatedAt });
        // A save based on the read before the renewal is refused, with its notice.
        const stale = members.update({ ...ann, phone: '07700 900123', updatedAt: '2026-06-01T09:00:06.000Z' }, { expectedUpdatedAt: ann.updatedAt });
        expect(await rejectionOf(stale)).toBeInstanceOf(StaleWriteError);
        const staleWithMail = members.update(
          { ...ann, email: 'ann.new@example.org' },
          { expectedUpdatedAt: ann.updatedAt, mail: [aMessage('notice-3', 0, 'ann')] },
        );
        expect(await rejectionOf(staleWithMail)).toBeInstanceOf(StaleWriteError);
        expect(await members.get('ann')).toEqual(renewed);
        expect(await outbox.list()).toEqual([]);
        // Based on the member as stored now, the save goes through.
        await members.update({ ...renewed, phone: '07700 900123', updatedAt: '2026-06-01T09:00:06.000Z' }, { expectedUpdatedAt: renewed.updatedAt });
        expect(await members.get('ann')).toMatchObject({ renewalDate: '2028-03-31', phone: '07700 900123' });
      }));
  });
}

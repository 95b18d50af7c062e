import { expect, it } from 'vitest';
import { afterRefused, afterResend, afterSent, CLAIM_LEASE_MS, newOutboxMessage } from '../../../../core/mail/outbox';
import type { OutboxMessage } from '../../../../core/mail/mail';
import { ConflictError } from '../../../../core/shared/errors';
import type { Outbox } from '../../../../core/mail/outbox.port';
import { rejectionOf, describeContract, itHandsAnUnsettledClaimOn, type AdapterFactory } from '../../../support/contract/storage-fixtures';

const T0 = new Date('2026-06-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A message written `minutes` after T0, about booking `recordId`. */
export function aMessage(id: string, minutes = 0, recordId: string | null = 'booking-1'): OutboxMessage {
  return newOutboxMessage(
    id,
    'booking-confirmation',
    recordId,
    {
      to: `${id}@example.org`,
      subject: `Message ${id}`,
      text: 'Plain words',
      html: '<p>Plain words</p>',
      attachments: [{ filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }],
    },
    at(minutes),
  );
}

export function describeOutboxContract(name: string, makeAdapter: AdapterFactory<Outbox>): void {
  describeContract('Outbox', name, makeAdapter, (outbox) => {
    it('keeps each message whole and lists them newest first, by status or record', async () => {
      await outbox().add([aMessage('a', 0), aMessage('b', 1, 'booking-2')]);
      await outbox().add([aMessage('c', 2)]);
      expect(await outbox().get('a')).toEqual(aMessage('a', 0));
      expect(await outbox().get('nope')).toBeNull();
      expect((await outbox().list()).map((m) => m.id)).toEqual(['c', 'b', 'a']);
      expect((await outbox().list({ recordId: 'booking-1' })).map((m) => m.id)).toEqual(['c', 'a']);
      expect((await outbox().list({ limit: 1 })).map((m) => m.id)).toEqual(['c']);
      const [claimed] = await outbox().claimDue(at(5), CLAIM_LEASE_MS, 1);
      await outbox().settle(claimed, afterSent(claimed.message, at(5)));
      expect((await outbox().list({ status: 'sent' })).map((m) => m.id)).toEqual(['a']);
      expect((await outbox().list({ status: 'queued' })).map((m) => m.id)).toEqual(['c', 'b']);
    });

    it('keeps the push a message carries, and hands it over with the claimed message', async () => {
      const notification = { kind: 'event-change', title: 'Moved: Summer Regatta', text: 'Now 5 July 2026', url: '/event-booking?id=regatta' };
      const carrying: OutboxMessage = { ...aMessage('p'), push: { memberId: 'm-ann', key: 'p', notification } };
      await outbox().add([carrying]);
      expect(await outbox().get('p')).toEqual(carrying);
      const [claimed] = await outbox().claimDue(at(1), CLAIM_LEASE_MS, 1);
      expect(claimed.message.push).toEqual({ memberId: 'm-ann', key: 'p', notification });
      await outbox().settle(claimed, afterSent(claimed.message, at(1)));
      expect((await outbox().get('p'))?.push).toEqual(carrying.push);
    });

    it('refuses a second message with an id already written, writing none of the batch', async () => {
      await outbox().add([aMessage('a')]);
      expect(await rejectionOf(outbox().add([aMessage('z'), aMessage('a', 3)]))).toBeInstanceOf(ConflictError);
      expect(await outbox().get('z')).toBeNull();
      expect(await outbox().get('a')).toEqual(aMessage('a'));
    });

    it('addOnce writes a message whose id is new, and leaves a stored one as it is, whatever its state', async () => {
      expect(await outbox().addOnce(aMessage('reminder-b1'))).toBe(true);
      expect(await outbox().addOnce({ ...aMessage('reminder-b1', 5), kind: 'other' })).toBe(false);
      expect(await outbox().get('reminder-b1')).toEqual(aMessage('reminder-b1'));
      const [claim] = await outbox().claimDue(at(0), CLAIM_LEASE_MS, 5);
      await outbox().settle(claim, afterSent(claim.message, at(1)));
      expect(await outbox().addOnce(aMessage('reminder-b1', 2))).toBe(false);
      expect(await outbox().get('reminder-b1')).toEqual(afterSent(aMessage('reminder-b1'), at(1)));
      expect(await outbox().claimDue(at(60), CLAIM_LEASE_MS, 5)).toEqual([]);
      expect((await outbox().list()).map((m) => m.id)).toEqual(['reminder-b1']);
    });

    it('claims only what is due, oldest due first, at most the limit, and never twice while the lease runs', async () => {
      const lease = 15 * 60_000;
      await outbox().add([aMessage('late', 10), aMessage('first', 0), aMessage('second', 1)]);
      expect((await outbox().claimDue(at(5), lease, 1)).map((c) => c.message.id)).toEqual(['first']);
      expect((await outbox().claimDue(at(5), lease, 5)).map((c) => c.message.id)).toEqual(['second']);
      expect(await outbox().claimDue(at(6), lease, 5)).toEqual([]);
      expect((await outbox().claimDue(at(10), lease, 5)).map((c) => c.message.id)).toEqual(['late']);
    });

    it('a heartbeat keeps a claim past its lease; without one it lapses after the lease (about a minute) for the next sender', async () => {
      await outbox().add([aMessage('long'), aMessage('dead')]);
      const claims = await outbox().claimDue(at(0), CLAIM_LEASE_MS, 5);
      const long = claims.find((c) => c.message.id === 'long')!;
      const dead = claims.find((c) => c.message.id === 'dead')!;
      expect(CLAIM_LEASE_MS).toBe(60_000);
      // The live sender renews its claim before the lease runs out; the dead one never does.
      const beat = new Date(at(0).getTime() + CLAIM_LEASE_MS - 1);
      expect(await outbox().renew(long, beat, CLAIM_LEASE_MS)).toBe(true);
      const afterLease = new Date(at(0).getTime() + CLAIM_LEASE_MS);
      const taken = await outbox().claimDue(afterLease, CLAIM_LEASE_MS, 5);
      expect(taken.map((c) => c.message.id)).toEqual(['dead']);
      // The dead sender's claim is gone: it can neither renew nor settle.
      expect(await outbox().renew(dead, afterLease, CLAIM_LEASE_MS)).toBe(false);
      expect(await outbox().settle(dead, afterSent(dead.message, afterLease))).toBe(false);
      expect(await outbox().settle(long, afterSent(long.message, afterLease))).toBe(true);
      // A settled claim is no claim: renewing it changes nothing.
      expect(await outbox().renew(long, afterLease, CLAIM_LEASE_MS)).toBe(false);
      expect((await outbox().get('long'))?.status).toBe('sent');
    });

    itHandsAnUnsettledClaimOn("gives a claim that was never settled to the next sender after the lease, and refuses the first holder's outcome", outbox, {
      add: (items) => outbox().add(items),
      itemOf: (claimed) => claimed.message,
      item: aMessage('a'),
      leaseMs: CLAIM_LEASE_MS,
      waiting: 'queued',
      settled: afterSent,
      start: at(0),
      end: at(16),
    });

    it('a refused message is due again at its next try and not before; a sent or given-up one never', async () => {
      await outbox().add([aMessage('retry'), aMessage('sent')]);
      const claims = await outbox().claimDue(at(0), CLAIM_LEASE_MS, 5);
      const retry = claims.find((c) => c.message.id === 'retry')!;
      const sent = claims.find((c) => c.message.id === 'sent')!;
      const refused = afterRefused(retry.message, at(0), '451 Try again later');
      expect(await outbox().settle(retry, refused)).toBe(true);
      expect(await outbox().settle(sent, afterSent(sent.message, at(0)))).toBe(true);
      expect(await outbox().get('retry')).toEqual(refused);
      expect(await outbox().claimDue(new Date(Date.parse(refused.nextAttemptAt!) - 1), CLAIM_LEASE_MS, 5)).toEqual([]);
      expect((await outbox().claimDue(new Date(refused.nextAttemptAt!), CLAIM_LEASE_MS, 5)).map((c) => c.message.id)).toEqual(['retry']);
      // Two days on, only the refused one (still queued) comes due again: the sent one never does.
      expect((await outbox().claimDue(at(60 * 48), CLAIM_LEASE_MS, 5)).map((c) => c.message.id)).toEqual(['retry']);
    });

    it("replaces a stored message (an admin's resend), which is then due; an unknown one is not written", async () => {
      await outbox().add([aMessage('a')]);
      const [claim] = await outbox().claimDue(at(0), CLAIM_LEASE_MS, 5);
      await outbox().settle(claim, afterSent(claim.message, at(0)));
      const again = afterResend(afterSent(claim.message, at(0)), at(30));
      expect(await outbox().replace(again)).toBe(true);
      expect(await outbox().get('a')).toEqual(again);
      expect((await outbox().claimDue(at(30), CLAIM_LEASE_MS, 5)).map((c) => c.message.id)).toEqual(['a']);
      expect(await outbox().replace(aMessage('ghost'))).toBe(false);
      expect(await outbox().get('ghost')).toBeNull();
    });
  });
}

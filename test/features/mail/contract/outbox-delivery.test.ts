import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { messageIdOf } from '../../../../adapters/smtp/smtp-mailer';
import { CLAIM_LEASE_MS, newOutboxMessage } from '../../../../core/mail/outbox';
import type { OutgoingMail } from '../../../../core/mail/mail';
import type { Mailer } from '../../../../core/mail/mailer.port';
import { DeliverOutbox } from '../../../../core/mail/deliver-outbox';
import { useSmtpMailer } from './smtp-fixture';
import { NO_COMPANIONS } from '../../../support/mail-companions';

const MAIL = { to: 'member@example.org', subject: 'Booking confirmed: Summer Regatta', text: 'See you there', html: '<p>See you there</p>', attachments: [] };
const FROM = 'Kestrel Yacht Club <bookings@kestrel-yc.example>';

const { smtp, mailer } = useSmtpMailer(FROM);

describe('delivering the outbox through a real SMTP server', () => {
  it('gives every delivery of a message the same Message-ID, so a second one after a crash is recognisable', async () => {
    const clock = new FixedClock();
    const outbox = new MemoryOutbox();
    await outbox.add([newOutboxMessage('conf-b1', 'booking-confirmation', 'b1', MAIL, clock.now())]);
    // A sender claims and sends the message, then dies before recording it (kill -9).
    const [claim] = await outbox.claimDue(clock.now(), CLAIM_LEASE_MS, 1);
    await mailer().send(claim.message.mail, claim.message.id);
    // Its claim lapses within a minute, and the next round (any instance) sends it again.
    clock.advance(CLAIM_LEASE_MS);
    expect(await new DeliverOutbox({ outbox, mailer: mailer(), clock, companions: NO_COMPANIONS }).execute()).toMatchObject({ sent: 1, lost: 0 });
    const [first, second] = await smtp().waitFor(2);
    expect(first.messageId).toBe('<conf-b1@kestrel-yc.example>');
    expect(second.messageId).toBe(first.messageId);
    expect(messageIdOf('conf-b1', FROM)).toBe('<conf-b1@kestrel-yc.example>');
  });

  it('keeps a message claimed by a live sender past the lease with a heartbeat: another instance does not send it too', async () => {
    const clock = new FixedClock();
    /** The outbox, counting the heartbeats. */
    const outbox = new (class extends MemoryOutbox {
      renewals = 0;
      override async renew(...args: Parameters<MemoryOutbox['renew']>) {
        this.renewals += 1;
        return super.renew(...args);
      }
    })();
    await outbox.add([newOutboxMessage('slow-1', 'booking-confirmation', 'b2', MAIL, clock.now())]);
    let rivalRound: Promise<unknown> | null = null;
    const rival = new DeliverOutbox({ outbox, mailer: mailer(), clock, companions: NO_COMPANIONS });
    /** A mail server that takes three leases' worth of time over the message; a rival round runs meanwhile. */
    const slow: Mailer = {
      async send(mail: OutgoingMail, key?: string) {
        for (let i = 0; i < 3; i++) {
          clock.advance(CLAIM_LEASE_MS / 2);
          // However busy the machine, wait for a heartbeat after the clock moved.
          const before = outbox.renewals;
          await expect.poll(() => outbox.renewals, { interval: 5, timeout: 120_000 }).toBeGreaterThan(before);
        }
        rivalRound = rival.execute();
        await rivalRound;
        await mailer().send(mail, key);
      },
    };
    expect(await new DeliverOutbox({ outbox, mailer: slow, clock, companions: NO_COMPANIONS, heartbeatMs: 5 }).execute()).toMatchObject({ sent: 1, lost: 0 });
    expect(await rivalRound).toEqual({ sent: 0, retrying: 0, failed: 0, lost: 0 });
    expect(smtp().received.map((m) => m.messageId)).toEqual(['<slow-1@kestrel-yc.example>']);
    expect((await outbox.get('slow-1'))?.status).toBe('sent');
  });
});

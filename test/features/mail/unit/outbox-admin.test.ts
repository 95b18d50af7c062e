import { describe, expect, it } from 'vitest';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { afterRefused, afterSent, GIVE_UP_AFTER_MS, newOutboxMessage } from '../../../../core/mail/outbox';
import type { OutgoingMail } from '../../../../core/mail/mail';
import { ConflictError, NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { DeliverOutbox } from '../../../../core/mail/deliver-outbox';
import { GetOutboxMessage, ListOutbox, OUTBOX_LIST_LIMIT } from '../../../../core/mail/list-outbox';
import { ALREADY_QUEUED, ResendOutboxMessage } from '../../../../core/mail/resend-outbox-message';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { aForm, makeWorld, REGATTA, withPermissions } from '../../../support/unit/world';
import { anEvent } from '../../../support/entities';
import { NO_COMPANIONS } from '../../../support/mail-companions';

const reader = withPermissions(['bookings:read']);
const writer = withPermissions(['bookings:read', 'bookings:write']);

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return { to: 'ann@example.org', subject: 'Booking confirmed: Regatta', text: 'See you there', html: '<p>See you there</p>', attachments: [], ...overrides };
}

/** A world whose bookings write their confirmations to the outbox the admin reads. */
function mailWorld() {
  const outbox = new MemoryOutbox();
  return { ...makeWorld(), outbox, bookings: new MemoryBookingRepository(outbox) };
}

describe('ListOutbox', () => {
  it("lists a booking's confirmation as queued, with who it is to and the subject, newest first", async () => {
    const world = mailWorld();
    await world.events.create(anEvent({ ...REGATTA, name: 'Summer Regatta' }));
    const submit = new SubmitBooking(world);
    const first = await submit.execute(aForm({ email: 'ann@example.org' }));
    world.clock.advance(60_000);
    const second = await submit.execute(aForm({ firstName: 'Bob', email: 'bob@example.org' }));
    await submit.execute(aForm({ firstName: 'Cat', email: '' }));

    const list = await new ListOutbox(world).execute(reader);
    expect(list.more).toBe(false);
    expect(list.messages.map((m) => [m.to, m.recordId, m.status, m.kind, m.subject])).toEqual([
      ['bob@example.org', second.bookingId, 'queued', 'booking-confirmation', 'Booking confirmed: Summer Regatta'],
      ['ann@example.org', first.bookingId, 'queued', 'booking-confirmation', 'Booking confirmed: Summer Regatta'],
    ]);
    expect(list.messages[0]).not.toHaveProperty('html');
    const onlyAnn = await new ListOutbox(world).execute(reader, { recordId: first.bookingId });
    expect(onlyAnn.messages.map((m) => m.to)).toEqual(['ann@example.org']);
  });

  it('filters by status and shows the SMTP answer of a failed message', async () => {
    const world = mailWorld();
    const now = world.clock.now();
    await world.outbox.add([
      newOutboxMessage('q', 'booking-confirmation', 'b1', mail(), now),
      newOutboxMessage('s', 'booking-confirmation', 'b2', mail(), now),
      newOutboxMessage('f', 'booking-confirmation', 'b3', mail(), now),
    ]);
    await world.outbox.replace(afterSent((await world.outbox.get('s'))!, now));
    const late = new Date(now.getTime() + GIVE_UP_AFTER_MS);
    await world.outbox.replace(afterRefused((await world.outbox.get('f'))!, late, '550 5.1.1 Mailbox unknown'));
    const list = new ListOutbox(world);
    expect((await list.execute(reader, { status: 'failed' })).messages).toEqual([
      expect.objectContaining({ id: 'f', status: 'failed', lastError: '550 5.1.1 Mailbox unknown' }),
    ]);
    expect((await list.execute(reader, { status: 'sent' })).messages.map((m) => m.id)).toEqual(['s']);
    expect((await list.execute(reader, { status: 'queued' })).messages.map((m) => m.id)).toEqual(['q']);
    expect((await list.execute(reader, { status: 'failed', recordId: 'b1' })).messages).toEqual([]);
  });

  it(`lists at most the newest ${OUTBOX_LIST_LIMIT} and says there are more`, async () => {
    const world = mailWorld();
    const messages = Array.from({ length: OUTBOX_LIST_LIMIT + 1 }, (_, i) =>
      newOutboxMessage(`m${String(i).padStart(3, '0')}`, 'booking-confirmation', null, mail(), new Date(Date.UTC(2026, 0, 1, 0, i))),
    );
    await world.outbox.add(messages);
    const list = await new ListOutbox(world).execute(reader);
    expect(list.messages).toHaveLength(OUTBOX_LIST_LIMIT);
    expect(list.more).toBe(true);
    expect(list.messages[0].id).toBe(`m${OUTBOX_LIST_LIMIT}`);
  });

  it('refuses an unknown status or an empty record id with a clear message', async () => {
    const list = new ListOutbox(mailWorld());
    await expect(list.execute(reader, { status: 'lost' })).rejects.toThrow('Invalid field: status must be one of queued, sent, failed');
    await expect(list.execute(reader, { recordId: '' })).rejects.toThrow(ValidationError);
  });

  it('needs bookings:read', async () => {
    const world = mailWorld();
    await expect(new ListOutbox(world).execute(withPermissions(['events:read']))).rejects.toThrow(PermissionError);
    await expect(new GetOutboxMessage(world).execute(withPermissions([]), 'x')).rejects.toThrow("You don't have permission to view e-mails.");
  });
});

describe('GetOutboxMessage', () => {
  it('shows the text and HTML as they would be sent, and the files by name', async () => {
    const world = mailWorld();
    await world.events.create(anEvent({ ...REGATTA, name: 'Summer Regatta', eventdatetime: '2026-07-04T09:00:00.000Z' }));
    const booked = await new SubmitBooking(world).execute(aForm({ email: 'ann@example.org' }));
    const [row] = (await new ListOutbox(world).execute(reader)).messages;
    const message = await new GetOutboxMessage(world).execute(reader, row.id);
    expect(message).toMatchObject({ id: row.id, recordId: booked.bookingId, to: 'ann@example.org', status: 'queued' });
    expect(message.text).toContain(`Booking reference: ${booked.reference}`);
    expect(message.html).toContain('Manage my booking');
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/\.ics$/), contentType: expect.stringContaining('text/calendar') }),
    ]);
    expect(message.attachments[0].size).toBeGreaterThan(0);
    expect(message.attachments[0]).not.toHaveProperty('content');
  });

  it("answers 'Message not found' for an unknown id", async () => {
    await expect(new GetOutboxMessage(mailWorld()).execute(reader, 'nope')).rejects.toThrow(new NotFoundError('Message not found'));
  });
});

describe('ResendOutboxMessage', () => {
  it('queues a failed message again, due now with a fresh day of tries, keeping its last answer; delivery then sends it once', async () => {
    const world = mailWorld();
    const now = world.clock.now();
    await world.outbox.add([newOutboxMessage('f', 'booking-confirmation', 'b1', mail(), now)]);
    await world.outbox.replace(afterRefused((await world.outbox.get('f'))!, new Date(now.getTime() + GIVE_UP_AFTER_MS), '550 No such user'));
    world.clock.advance(GIVE_UP_AFTER_MS + 3_600_000);
    const resent = await new ResendOutboxMessage(world).execute(writer, 'f');
    expect(resent).toMatchObject({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: world.clock.now().toISOString(),
      queuedAt: world.clock.now().toISOString(),
      lastError: '550 No such user',
    });
    expect(await world.outbox.get('f')).toMatchObject({ status: 'queued', attempts: 0 });

    const sent: OutgoingMail[] = [];
    const deliver = new DeliverOutbox({
      outbox: world.outbox,
      clock: world.clock,
      companions: NO_COMPANIONS,
      mailer: { send: async (m) => void sent.push(m) },
    });
    expect(await deliver.execute()).toMatchObject({ sent: 1 });
    expect(await deliver.execute()).toMatchObject({ sent: 0 });
    expect(sent.map((m) => m.to)).toEqual(['ann@example.org']);
    expect(await world.outbox.get('f')).toMatchObject({ status: 'sent' });
  });

  it('queues a sent message again (a member who lost it)', async () => {
    const world = mailWorld();
    await world.outbox.add([newOutboxMessage('s', 'booking-confirmation', 'b1', mail(), world.clock.now())]);
    await world.outbox.replace(afterSent((await world.outbox.get('s'))!, world.clock.now()));
    expect(await new ResendOutboxMessage(world).execute(writer, 's')).toMatchObject({ status: 'queued', sentAt: world.clock.now().toISOString() });
  });

  it('refuses a message that is still queued, and leaves it as it is', async () => {
    const world = mailWorld();
    await world.outbox.add([newOutboxMessage('q', 'booking-confirmation', 'b1', mail(), world.clock.now())]);
    const before = await world.outbox.get('q');
    world.clock.advance(60_000);
    await expect(new ResendOutboxMessage(world).execute(writer, 'q')).rejects.toThrow(new ConflictError(ALREADY_QUEUED));
    expect(await world.outbox.get('q')).toEqual(before);
  });

  it("needs bookings:write, and answers 'Message not found' for an unknown id", async () => {
    const world = mailWorld();
    await world.outbox.add([newOutboxMessage('s', 'booking-confirmation', 'b1', mail(), world.clock.now())]);
    await world.outbox.replace(afterSent((await world.outbox.get('s'))!, world.clock.now()));
    await expect(new ResendOutboxMessage(world).execute(reader, 's')).rejects.toThrow('You do not have permission to resend e-mails.');
    expect(await world.outbox.get('s')).toMatchObject({ status: 'sent' });
    await expect(new ResendOutboxMessage(world).execute(writer, 'nope')).rejects.toThrow(NotFoundError);
  });
});

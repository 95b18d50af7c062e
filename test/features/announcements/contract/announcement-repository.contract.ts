import { expect, it } from 'vitest';
import type { Announcement } from '../../../../core/announcements/announcement';
import type { AnnouncementRepository } from '../../../../core/announcements/announcement-repository.port';
import { afterSent } from '../../../../core/mail/outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import { aMessage } from '../../mail/contract/outbox.contract';
import type { AuditEntry } from '../../../../core/audit/audit';
import type { AuditLog } from '../../../../core/audit/audit-log.port';
import { newPushDelivery, pushSent, type PushDelivery } from '../../../../core/push/push';
import type { PushOutbox } from '../../../../core/push/push-outbox.port';
import { ConflictError } from '../../../../core/shared/errors';
import { describeContract, rejectionOf, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export const ANNOUNCEMENT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

/** An announcement (id as given, or the ANNOUNCEMENT_ID), sent at 09:00 plus `minutes`. */
export function anAnnouncement(overrides: Partial<Announcement> = {}, minutes = 0): Announcement {
  return {
    id: ANNOUNCEMENT_ID,
    eventId: 'event-1',
    eventName: 'Club Race',
    audiences: ['booked', 'duty'],
    subject: 'Launching from the south slip',
    text: 'The north slip is closed today.',
    replyTo: 'race-officer@example.org',
    authorUid: 'admin-1',
    authorName: 'Rita Race',
    sentAt: new Date(Date.parse('2026-06-01T09:00:00.000Z') + minutes * 60_000).toISOString(),
    told: 2,
    ...overrides,
  };
}

const idOf = (n: number) => `6f1c2d3e-4a5b-4c6d-8e7f-${String(n).padStart(12, '0')}`;

/** The announcements with the outbox, push outbox and audit log they write to. */
export interface AnnouncementStores {
  announcements: AnnouncementRepository;
  outbox: Outbox;
  pushOutbox: PushOutbox;
  audit: AuditLog;
}

/** The send's audit line. */
function aSentLine(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `announcement-${ANNOUNCEMENT_ID}`,
    at: '2026-06-01T09:00:00.000Z',
    actor: { kind: 'admin', uid: 'admin-1', email: 'race-officer@example.org' },
    action: 'announcement.sent',
    recordType: 'event',
    recordId: 'event-1',
    summary: 'Announcement "Launching from the south slip" sent to 2 people (booked members, on duty)',
    changes: [],
    ...overrides,
  };
}

/** The push of the announcement to a device of a member it told. */
function aPush(device: string, memberId = 'member-1'): PushDelivery {
  return newPushDelivery(
    `announcement-${ANNOUNCEMENT_ID}`,
    { id: device, memberId },
    { kind: 'announcement', title: 'Club Race', text: 'Launching from the south slip', url: '/event-booking?id=event-1' },
    new Date('2026-06-01T09:00:00.000Z'),
  );
}

export function describeAnnouncementRepositoryContract(name: string, makeAdapter: AdapterFactory<AnnouncementStores>): void {
  describeContract('AnnouncementRepository', name, makeAdapter, (stores) => {
    it('stores the announcement whole with its e-mails, and get answers null for an unknown id', async () => {
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID), aMessage('m-2', 0, ANNOUNCEMENT_ID)])).toBe(true);
      expect(await stores().announcements.get(ANNOUNCEMENT_ID)).toEqual(anAnnouncement());
      expect(await stores().announcements.get(idOf(9))).toBeNull();
      expect((await stores().outbox.list({ recordId: ANNOUNCEMENT_ID })).map((m) => m.id).sort()).toEqual(['m-1', 'm-2']);
    });

    it('an add with a stored id writes nothing and answers false: the first announcement and its e-mails stand', async () => {
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID)])).toBe(true);
      expect(await stores().announcements.add(anAnnouncement({ subject: 'Other', told: 1 }), [aMessage('m-other', 0, ANNOUNCEMENT_ID)])).toBe(false);
      expect(await stores().announcements.get(ANNOUNCEMENT_ID)).toEqual(anAnnouncement());
      expect((await stores().outbox.list()).map((m) => m.id)).toEqual(['m-1']);
    });

    it('of concurrent adds with one id, one writes; each e-mail is stored once', async () => {
      const mail = [aMessage('m-1', 0, ANNOUNCEMENT_ID), aMessage('m-2', 0, ANNOUNCEMENT_ID)];
      const answers = await Promise.all([1, 2, 3].map(() => stores().announcements.add(anAnnouncement(), mail)));
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect((await stores().outbox.list()).map((m) => m.id).sort()).toEqual(['m-1', 'm-2']);
    });

    it('an e-mail already stored (an add tried again after failing half-way) is left as it is, never queued again', async () => {
      const sent = afterSent(aMessage('m-1', 0, ANNOUNCEMENT_ID), new Date('2026-06-01T09:01:00.000Z'));
      await stores().outbox.add([sent]);
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID), aMessage('m-2', 0, ANNOUNCEMENT_ID)])).toBe(true);
      expect(await stores().outbox.get('m-1')).toEqual(sent);
      expect((await stores().outbox.get('m-2'))?.status).toBe('queued');
    });

    it('stores an announcement with more e-mails than one Firestore transaction takes, each once', async () => {
      const mail = Array.from({ length: 450 }, (_, i) => aMessage(`m-${i}`, 0, ANNOUNCEMENT_ID));
      expect(await stores().announcements.add(anAnnouncement({ told: 450 }), mail)).toBe(true);
      expect(await stores().outbox.list({ recordId: ANNOUNCEMENT_ID, limit: 1000 })).toHaveLength(450);
      expect(await stores().announcements.add(anAnnouncement({ told: 450 }), mail)).toBe(false);
    });

    it('writes the audit line of the send with the announcement: one line however often it is sent', async () => {
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID)], { audit: [aSentLine()] })).toBe(true);
      expect(await stores().audit.list({ recordId: 'event-1', limit: 10 })).toEqual([aSentLine()]);
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID)], { audit: [aSentLine()] })).toBe(false);
      expect(await stores().audit.list({ recordId: 'event-1', limit: 10 })).toHaveLength(1);
    });

    it('writes the push deliveries with the announcement; a delivery already stored is left as it is', async () => {
      const sent = pushSent(aPush('device-1'), new Date('2026-06-01T09:01:00.000Z'));
      await stores().pushOutbox.addOnce([aPush('device-1')]);
      const claimed = await stores().pushOutbox.claimDue(new Date('2026-06-01T09:00:30.000Z'), 60_000, 10);
      expect(await stores().pushOutbox.settle(claimed[0], sent)).toBe(true);
      const push = [aPush('device-1'), aPush('device-2'), aPush('device-3', 'member-2')];
      expect(await stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID)], { push })).toBe(true);
      expect(await stores().pushOutbox.get(aPush('device-1').id)).toEqual(sent);
      expect(await stores().pushOutbox.get(aPush('device-2').id)).toEqual(aPush('device-2'));
      expect(await stores().pushOutbox.get(aPush('device-3', 'member-2').id)).toEqual(aPush('device-3', 'member-2'));
    });

    it('stores more e-mails and push deliveries than one Firestore transaction takes, each once', async () => {
      const mail = Array.from({ length: 300 }, (_, i) => aMessage(`m-${i}`, 0, ANNOUNCEMENT_ID));
      const push = Array.from({ length: 300 }, (_, i) => aPush(`device-${i}`));
      expect(await stores().announcements.add(anAnnouncement({ told: 300 }), mail, { audit: [aSentLine()], push })).toBe(true);
      expect(await stores().outbox.list({ recordId: ANNOUNCEMENT_ID, limit: 1000 })).toHaveLength(300);
      expect(await stores().pushOutbox.get(aPush('device-0').id)).toEqual(aPush('device-0'));
      expect(await stores().pushOutbox.get(aPush('device-299').id)).toEqual(aPush('device-299'));
      expect(await stores().audit.list({ recordId: 'event-1', limit: 10 })).toEqual([aSentLine()]);
    });

    it('all or nothing: an add that fails writes neither the announcement, nor its e-mails, push deliveries or audit line', async () => {
      await stores().audit.append([aSentLine({ recordId: 'event-0' })]);
      const failed = await rejectionOf(
        stores().announcements.add(anAnnouncement(), [aMessage('m-1', 0, ANNOUNCEMENT_ID)], { audit: [aSentLine()], push: [aPush('device-1')] }),
      );
      expect(failed).toBeInstanceOf(ConflictError);
      expect(await stores().announcements.get(ANNOUNCEMENT_ID)).toBeNull();
      expect(await stores().outbox.get('m-1')).toBeNull();
      expect(await stores().pushOutbox.get(aPush('device-1').id)).toBeNull();
      expect(await stores().audit.list({ recordId: 'event-1', limit: 10 })).toEqual([]);
    });

    it("lists one event's announcements newest first (then by id), and several events' newest first up to the limit", async () => {
      await stores().announcements.add(anAnnouncement({ id: idOf(1) }, 0), []);
      await stores().announcements.add(anAnnouncement({ id: idOf(3) }, 10), []);
      await stores().announcements.add(anAnnouncement({ id: idOf(2) }, 10), []);
      await stores().announcements.add(anAnnouncement({ id: idOf(4), eventId: 'event-2' }, 5), []);
      await stores().announcements.add(anAnnouncement({ id: idOf(5), eventId: 'event-3' }, 20), []);
      expect((await stores().announcements.listByEvent('event-1')).map((a) => a.id)).toEqual([idOf(2), idOf(3), idOf(1)]);
      expect(await stores().announcements.listByEvent('event-9')).toEqual([]);
      expect((await stores().announcements.listByEvents(['event-1', 'event-2'], 10)).map((a) => a.id)).toEqual([idOf(2), idOf(3), idOf(4), idOf(1)]);
      expect((await stores().announcements.listByEvents(['event-1', 'event-2', 'event-3'], 2)).map((a) => a.id)).toEqual([idOf(5), idOf(2)]);
      expect(await stores().announcements.listByEvents([], 10)).toEqual([]);
    });
  });
}

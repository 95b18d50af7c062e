import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPushDelivery, PushNotificationSchema, pushPayload, type PushNotification } from '../../../../core/push/push';
import {
  announcementPush,
  dutyCoverPush,
  dutySwapAskedPush,
  eventChangePush,
  goNoGoPush,
  renewalReminderPush,
  waitingListOfferPush,
} from '../../../../core/push/push-notifications';

/** Another member's personal data: long enough not to occur in a title or date by chance. */
const otherPerson = fc.record({
  name: fc.string({ minLength: 6, maxLength: 30 }).filter((s) => s.trim().length >= 6),
  email: fc.emailAddress(),
  phone: fc.stringMatching(/^07\d{9}$/),
});
const fact = fc.string({ maxLength: 120 });

describe("a push notification's payload", () => {
  it("carries nothing of another member: each kind's notification, built from a record that names them, holds only the member's own facts (property)", () => {
    fc.assert(
      fc.property(otherPerson, fact, fact, fact, fc.constantFrom('go', 'no-go' as const), (other, title, dateText, dutyName, decision) => {
        // The records the hooks hold name the other person (who asked for a swap, who booked the
        // event beside them); each builder is handed the record and takes only what it may show.
        const event = { id: 'summer-regatta', title, bookedBy: other.name, contactEmail: other.email };
        const swap = { name: dutyName, dateText, requesterName: other.name, requesterEmail: other.email, requesterPhone: other.phone };
        const built: PushNotification[] = [
          announcementPush(event, dateText),
          waitingListOfferPush(event, dateText, '/event-booking?id=summer-regatta&offer=t'),
          dutySwapAskedPush(swap),
          dutyCoverPush({ ...swap, eventTitle: title }),
          eventChangePush(event, { cancelled: true }),
          eventChangePush(event, { cancelled: false, whenText: dateText }),
          goNoGoPush(event, decision, dateText),
          renewalReminderPush(dateText),
        ];
        for (const notification of built) {
          const payload = pushPayload(newPushDelivery('k', { id: 'd', memberId: 'm' }, notification, new Date()));
          expect(PushNotificationSchema.safeParse(notification).success).toBe(true);
          for (const personal of [other.email, other.phone]) expect(payload).not.toContain(personal);
          if (!`${title}${dateText}${dutyName}`.includes(other.name.trim())) expect(payload).not.toContain(other.name.trim());
          expect(Object.keys(JSON.parse(payload)).sort()).toEqual(['body', 'id', 'kind', 'title', 'url']);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('opens a page of this site, never another site', () => {
    expect(PushNotificationSchema.safeParse({ kind: 'announcement', title: 't', text: '', url: '//evil.example/x' }).success).toBe(false);
    expect(PushNotificationSchema.safeParse({ kind: 'announcement', title: 't', text: '', url: 'https://evil.example/x' }).success).toBe(false);
  });
});

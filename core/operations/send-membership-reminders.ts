import { queuePush, withPush, type QueuePushDeps } from '../push/queue-push';
import { renewalReminderPush } from '../push/push-notifications';
import { calendarDateText } from '../shared/london-time';
import type { Outbox } from '../mail/outbox.port';
import { newOutboxMessage } from '../mail/outbox';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { SignInKeys } from '../member-sign-in/sign-in-keys.port';
import type { Clock } from '../shared/clock.port';
import { fromLondonWall, londonDate, addDaysToDate } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { dueReminder, type SentReminder } from '../membership/membership-reminders';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../membership/membership-settings';
import {
  MEMBERSHIP_REMINDER_KIND,
  membershipReminderId,
  membershipReminderMail,
  RENEWAL_LINK_MS,
  type RenewalLinks,
  renewalLinkPath,
  renewalLinkSubject,
} from '../membership/membership-reminder-mail';

/** The renewal reminders' daily run: at 9:00 London time, so the mails arrive in the morning. */
export const MEMBERSHIP_REMINDER_RUN_HOUR = 9;
export const MEMBERSHIP_REMINDER_RUN_JOB = 'membership-reminder-run';

/** The next 9:00 London time after `now`. */
export function nextMembershipReminderRun(now: Date): Date {
  const today = londonDate(now);
  for (const day of [today, addDaysToDate(today, 1), addDaysToDate(today, 2)]) {
    const at = fromLondonWall(new Date(`${day}T${String(MEMBERSHIP_REMINDER_RUN_HOUR).padStart(2, '0')}:00:00.000Z`));
    if (at.getTime() > now.getTime()) return at;
  }
  /* istanbul ignore next -- unreachable: one of three days always has the hour ahead */
  throw new Error('No next run found');
}

export interface SendMembershipRemindersDeps {
  members: MemberRepository;
  membership: MembershipRepository;
  outbox: Outbox;
  /** Members' push devices and the push outbox: each e-mail below goes to their chosen devices too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  /** Signs the renewal links (purpose 'renewal-sign-in'). */
  renewalLinks: RenewalLinks;
  signInKeys: SignInKeys;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/**
 * The renewal reminders due today (docs/membership.md, "Reminder mails and the renewal link"): for
 * each member (none to a life member, a disabled one or an erased one, who is disabled), the
 * reminder `dueReminder` answers, written to the outbox under its own id (membershipReminderId).
 * That one write is both the mail and the record that it went: a run repeated, or two at once,
 * writes it once (Outbox.addOnce), and the next run reads it back as sent. Answers the ids written.
 */
export class SendMembershipReminders extends UseCase<SendMembershipRemindersDeps> {
  async execute(): Promise<string[]> {
    const now = this.deps.clock.now();
    const today = londonDate(now);
    const settings: MembershipSettings = (await this.deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS;
    const written: string[] = [];
    for (const member of await this.deps.members.list()) {
      const id = await this.remind(member, settings, today, now);
      if (id !== null) written.push(id);
    }
    return written;
  }

  private async remind(member: Member, settings: MembershipSettings, today: string, now: Date): Promise<string | null> {
    // Due if nothing was sent yet: most members are outside every reminder's days and cost no read.
    const candidate = dueReminder(settings, member, today, []);
    if (candidate === null) return null;
    // Only reminders at or after the candidate's day can stop it (dueReminder's rule).
    const sent: SentReminder[] = [];
    for (const day of settings.reminderDays.filter((d) => d >= candidate)) {
      if (await this.deps.outbox.get(membershipReminderId(member.id, member.renewalDate, day))) sent.push({ end: member.renewalDate, day });
    }
    const day = dueReminder(settings, member, today, sent);
    if (day === null) return null;
    const token = this.deps.renewalLinks.issue(
      renewalLinkSubject(member.id, this.deps.signInKeys.emailKey(member.email)),
      new Date(now.getTime() + RENEWAL_LINK_MS),
    );
    const mail = membershipReminderMail(member, member.renewalDate, day, {
      clubName: this.deps.siteSettings.clubName,
      renewUrl: `${this.deps.siteSettings.publicBaseUrl}${renewalLinkPath(token)}`,
    });
    const id = membershipReminderId(member.id, member.renewalDate, day);
    const push = renewalReminderPush(calendarDateText(member.renewalDate));
    // The push goes with the e-mail (queued by the sender should this stop before the line after).
    const written = await this.deps.outbox.addOnce(withPush(newOutboxMessage(id, MEMBERSHIP_REMINDER_KIND, member.id, mail, now), member.id, id, push));
    // Under the e-mail's id: a run repeated pushes no second reminder to a device.
    await queuePush(this.deps, member.id, id, push);
    return written ? id : null;
  }
}

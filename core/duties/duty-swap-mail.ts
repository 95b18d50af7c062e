import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import type { DutyWindow } from '../duty-rosters/duty-roster';
import { formatDateRange } from '../shared/date-text';

/** Outbox kinds of the duty swap e-mails. */
export const DUTY_SWAP_REQUEST_KIND = 'duty-swap-request';
export const DUTY_SWAP_TAKEN_KIND = 'duty-swap-taken';

/** A duty's time as every e-mail says a time: "Sat 4 July 2026, 10:00 – 17:00 (UK time)". */
export function dutyWhen(window: DutyWindow): string {
  return `${formatDateRange(window.start, window.end, 'member')} (UK time)`;
}

interface DutyNamed {
  dutyName: string;
  eventName: string;
  window: DutyWindow;
  clubName: string;
}

/**
 * The request to a member who may take a duty: who asks, which duty, when, and the link to the
 * page where they accept (pressing a button: opening the link alone takes nothing).
 */
export function swapRequestMail(to: { name: string; email: string }, duty: DutyNamed & { askedBy: string; direct: boolean; url: string }): OutgoingMail {
  const mail = composeMail(
    to.name,
    [
      ['Duty', duty.dutyName],
      ['Event', duty.eventName],
      ['When', dutyWhen(duty.window)],
    ],
    {
      subject: `Can you take a duty? ${duty.dutyName} at ${duty.eventName}`,
      paragraphs: [
        duty.direct
          ? `${duty.askedBy} cannot do this duty and asks you to take it over.`
          : `${duty.askedBy} cannot do this duty and asks for someone to take it. You are qualified for it and free at that time.`,
        duty.direct ? 'Open the link and press Accept to take it.' : 'The first member to accept takes it: open the link and press Accept.',
      ],
      link: { lead: 'Take this duty:', text: 'See the duty and accept', url: duty.url },
      clubName: duty.clubName,
    },
  );
  return { to: to.email, ...mail, attachments: [] };
}

/** Told once a swap is taken: the member who handed it over, the one who took it, the event's officer. */
export function swapTakenMail(
  to: { name: string; email: string },
  duty: DutyNamed & { from: string; taker: string; role: 'from' | 'taker' | 'officer' },
): OutgoingMail {
  const lead =
    duty.role === 'from'
      ? `${duty.taker} has taken over your duty. You are no longer on it.`
      : duty.role === 'taker'
        ? `You have taken over this duty from ${duty.from}. Thank you.`
        : `${duty.taker} has taken over this duty from ${duty.from}.`;
  const mail = composeMail(
    to.name,
    [
      ['Duty', duty.dutyName],
      ['Event', duty.eventName],
      ['When', dutyWhen(duty.window)],
      ['Now on duty', duty.taker],
    ],
    { subject: `Duty swapped: ${duty.dutyName} at ${duty.eventName}`, paragraphs: [lead], link: null, clubName: duty.clubName },
  );
  return { to: to.email, ...mail, attachments: [] };
}

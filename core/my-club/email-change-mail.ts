import type { OutgoingMail } from '../mail/mail';
import { escapeHtml } from '../mail/compose-mail';

/** The outbox kind of the notice to a member's old address that their e-mail was changed. */
export const MEMBER_EMAIL_CHANGED_MAIL_KIND = 'member-email-changed';

function page(subject: string, paragraphs: string[], clubName: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    '<p>Hello,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(clubName)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** The e-mail to the new address: the code that confirms it. Never the code in the subject (the admins' Mail screen lists subjects). */
export function emailChangeCodeMail(to: string, context: { clubName: string; code: string; myClubUrl: string }): OutgoingMail {
  const subject = `Confirm your new e-mail address for ${context.clubName}`;
  const paragraphs = [
    `A member of ${context.clubName} asked to use this address for their membership from now on.`,
    `Your code is ${context.code}. It works once, within 10 minutes: enter it on My club (${context.myClubUrl}) to confirm the new address.`,
    'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
  ];
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), context.clubName].join('\n');
  return { to, subject, text, html: page(subject, paragraphs, context.clubName), attachments: [] };
}

/** The e-mail to the old address once the change is made: from which to which, and what to do if it was not them. Holds no secret. */
export function emailChangedMail(to: string, context: { clubName: string; newEmail: string; signInUrl: string }): OutgoingMail {
  const subject = `${context.clubName}: your e-mail address was changed`;
  const paragraphs = [
    `The e-mail address of your ${context.clubName} membership was changed on My club from ${to} to ${context.newEmail}.`,
    `From now on you sign in (${context.signInUrl}) and get the club's e-mails at the new address; this address no longer signs you in.`,
    'If you did not make this change, contact the club at once.',
  ];
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), context.clubName].join('\n');
  return { to, subject, text, html: page(subject, paragraphs, context.clubName), attachments: [] };
}

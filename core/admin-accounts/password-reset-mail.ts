import type { OutgoingMail } from '../mail/mail';
import { escapeHtml } from '../mail/compose-mail';

// Apart from password-reset.ts, which the browser loads: the mail helpers bring the calendar code.
/** The e-mail with the reset link: plain text and simple HTML of the same words. */
export function passwordResetMail(to: string, context: { clubName: string; resetUrl: string }): OutgoingMail {
  const subject = `Reset your ${context.clubName} admin password`;
  const paragraphs = [
    `Someone (we hope you) asked to reset the password of the ${context.clubName} admin account for this address.`,
    'To choose a new password, open this link within one hour. It works once, and signs the account out everywhere else:',
  ];
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), context.resetUrl, '', ignore, '', context.clubName].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    '<p>Hello,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(context.resetUrl)}">Choose a new password</a></p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, attachments: [] };
}

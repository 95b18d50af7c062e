import type { OutgoingMail } from '../mail/mail';
import { escapeHtml } from '../mail/compose-mail';

/** The sign-in e-mail: the code, and the link to the page whose button signs in with it. */
export function signInCodeMail(to: string, context: { clubName: string; code: string; link: string }): OutgoingMail {
  // Never in the subject: the admins' Mail screen lists subjects.
  const subject = `Your ${context.clubName} sign-in code`;
  const intro = `Someone (we hope you) asked to sign in to the ${context.clubName} members area with this address.`;
  const codeLine = `Your sign-in code is ${context.code}. It works once, within 10 minutes.`;
  const linkLine = 'Or open this link and press "Sign in":';
  const ignore = 'If you did not ask for this, ignore this e-mail: nobody can sign in without the code.';
  const text = ['Hello,', '', intro, '', codeLine, '', linkLine, context.link, '', ignore, '', context.clubName].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p>Your sign-in code is <strong style="font-size: 1.4em; letter-spacing: 0.15em;">${escapeHtml(context.code)}</strong>. It works once, within 10 minutes.</p>`,
    `<p><a href="${escapeHtml(context.link)}">Open the sign-in page</a> and press "Sign in".</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, attachments: [] };
}

/**
 * The e-mail telling a member that their address reached the day's cap of wrong sign-in codes
 * (docs/member-sign-in.md): someone may be guessing; a passkey still signs them in, or a code
 * does again once the day's wrong codes age out. Holds no code.
 */
export function signInCapMail(to: string, context: { clubName: string; signInUrl: string }): OutgoingMail {
  const subject = `${context.clubName}: sign-in codes paused for your address`;
  const paragraphs = [
    `Someone has typed many wrong sign-in codes for this address on the ${context.clubName} members area today. To keep your account safe, codes for it are not accepted for up to 24 hours.`,
    'If that was not you, nobody has signed in: a wrong code opens nothing, and you need do nothing.',
    `You can still sign in with a passkey, if you have added one, on the sign-in page: ${context.signInUrl}. Otherwise ask for a new code tomorrow.`,
  ];
  const text = ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), context.clubName].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    '<p>Hello,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, attachments: [] };
}

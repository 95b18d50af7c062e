import type { OutgoingMail } from './mail';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text a member typed, safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** What one of the club's e-mails says: its subject, paragraphs, details table and an optional link. */
export interface MailParts {
  subject: string;
  paragraphs: string[];
  link: { lead: string; text: string; url: string } | null;
  clubName: string;
}

/**
 * A club e-mail to `name`: plain text and simple accessible HTML with the same words (greeting,
 * paragraphs, a details table, the link, the club's name). What a member typed is escaped.
 */
export function composeMail(name: string, details: [string, string][], parts: MailParts): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const greeting = `Dear ${name},`;
  const { subject, paragraphs, link, clubName } = parts;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(link ? [link.lead, link.url, ''] : []),
    clubName,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(
      ([label, value]) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(link ? [`<p>${escapeHtml(link.lead)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`] : []),
    `<p>${escapeHtml(clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OutboxMessageSchema, type OutboxMessage } from '../../../../core/mail/mail';
import { OutboxListSchema, outboxDetail, outboxRow } from '../../../../core/mail/list-outbox';
import { MailPage } from '../../../../web/src/features/mail/admin/components/mail-page';
import { renderAdminAt, serveAdmin } from '../../../support/component/admin';
import { json, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

function aMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return OutboxMessageSchema.parse({
    id: 'msg-1',
    kind: 'booking-confirmation',
    recordId: 'booking-1',
    mail: {
      to: 'ann@example.com',
      subject: 'Your booking for Summer Regatta',
      text: 'See you on the water.',
      html: '<p>See you on the water.</p>',
      attachments: [],
    },
    status: 'sent',
    createdAt: '2026-06-01T09:00:00.000Z',
    queuedAt: '2026-06-01T09:00:00.000Z',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    sentAt: '2026-06-01T09:01:00.000Z',
    ...overrides,
  });
}

const CONFIRMATION = aMessage();
const REFUSED = aMessage({
  id: 'msg-2',
  kind: 'waiting-list-offer',
  mail: { to: 'bob@example.com', subject: 'Places for you', text: 'Book now.', html: '<p>Book now.</p>', attachments: [] },
  status: 'failed',
  sentAt: null,
  attempts: 12,
  lastError: '550 Mailbox unavailable',
});

const list = (messages: OutboxMessage[], more = false) => OutboxListSchema.parse({ messages: messages.map(outboxRow), more });

function renderMail(path = '/admin/mail') {
  return renderAdminAt(path, '/admin/mail', <MailPage />);
}

describe('The Mail page', () => {
  it('shows "Loading e-mails…" until the list comes, then each e-mail with its recipient, status and kind', async () => {
    const held = heldAnswer();
    const calls = serveAdmin(['bookings:read'], () => held.response);
    renderMail();
    expect(await screen.findByText('Loading e-mails…')).toBeTruthy();
    held.send(json(200, list([CONFIRMATION, REFUSED])));
    const link = await screen.findByRole('link', { name: 'Your booking for Summer Regatta' });
    expect(link.getAttribute('href')).toBe('/admin/mail?message=msg-1');
    const refused = within(screen.getByRole('link', { name: 'Places for you' }).closest('tr') as HTMLElement);
    expect(refused.getByText('bob@example.com')).toBeTruthy();
    expect(refused.getByText('Failed')).toBeTruthy();
    expect(refused.getByText('Mail server: 550 Mailbox unavailable')).toBeTruthy();
    expect(refused.getByText('Waiting list offer')).toBeTruthy();
    expect(screen.queryByText(/Showing the newest/)).toBeNull();
    expect(calls).toEqual(['GET /api/admin/outbox']);
  });

  it('says "No e-mails yet." with none, and "No e-mails match." when a filter finds none', async () => {
    const calls = serveAdmin(['bookings:read'], () => json(200, list([])));
    renderMail();
    expect(await screen.findByText('No e-mails yet.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('No e-mails match.')).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/outbox', 'GET /api/admin/outbox?status=failed']);
  });

  it('says "Failed to load the e-mails" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, list([CONFIRMATION])));
    const calls = serveAdmin(['bookings:read'], read.server);
    renderMail();
    expect(await screen.findByText('Failed to load the e-mails')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('link', { name: 'Your booking for Summer Regatta' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/outbox', 'GET /api/admin/outbox']);
  });

  it('opens one e-mail with its text, and resends it once the admin confirms', async () => {
    const calls = serveAdmin(['bookings:read', 'bookings:write'], ({ method }) =>
      method === 'GET' ? json(200, { message: outboxDetail(REFUSED) }) : json(200, { message: outboxDetail({ ...REFUSED, status: 'queued', attempts: 0 }) }),
    );
    renderMail('/admin/mail?message=msg-2');
    expect(await screen.findByRole('heading', { name: 'Places for you' })).toBeTruthy();
    expect(screen.getByText('Book now.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(screen.getByRole('heading', { name: 'Send this e-mail again?' })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The e-mail to bob@example.com is queued to be sent again.')).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/outbox/msg-2', 'POST /api/admin/outbox/msg-2/resend']);
  });

  it('shows the server’s refusal of a resend', async () => {
    serveAdmin(['bookings:read', 'bookings:write'], ({ method }) =>
      method === 'GET' ? json(200, { message: outboxDetail(REFUSED) }) : json(409, { error: 'This e-mail is already queued to be sent.' }),
    );
    renderMail('/admin/mail?message=msg-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('This e-mail is already queued to be sent.')).toBeTruthy();
  });

  it('offers no Resend to an admin who may not change bookings', async () => {
    serveAdmin(['bookings:read'], () => json(200, { message: outboxDetail(REFUSED) }));
    renderMail('/admin/mail?message=msg-2');
    expect(await screen.findByRole('heading', { name: 'Places for you' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('says "Message not found" for an e-mail the server does not hold', async () => {
    serveAdmin(['bookings:read'], () => json(404, { error: 'Message not found' }));
    renderMail('/admin/mail?message=gone');
    expect(await screen.findByText('Message not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});

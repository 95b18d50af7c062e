import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminAnnouncementsSection } from '../../../../web/src/features/announcements/exports/admin-announcements-section';
import { MyAnnouncementsSection } from '../../../../web/src/features/announcements/exports/member-announcements';
import { json, renderAt, serve } from '../../../support/component/render';

// Announcements on screen (docs/notifications.md).
const EVENT = 'ev-race';
const stored = (overrides: Record<string, unknown> = {}) => ({
  id: '6f1c2d3e-4a5b-4c6d-8e7f-000000000001',
  eventId: EVENT,
  eventName: 'Club race',
  audiences: ['booked', 'duty'],
  subject: 'Racing abandoned',
  text: 'Too much wind.',
  replyTo: 'rita@example.org',
  authorUid: 'u1',
  authorName: 'Rita Race',
  sentAt: '2026-06-01T09:00:00.000Z',
  told: 5,
  ...overrides,
});

describe("The admin event page's Announcements", () => {
  it('lists each announcement with how many were told, and sends one with an id made on the device', async () => {
    const posted: Record<string, unknown>[] = [];
    let list = [stored()];
    serve((request) => {
      if (request.method === 'GET' && request.path === `/api/admin/events/${EVENT}/announcements`) return json(200, { announcements: list });
      if (request.method === 'POST' && request.path === `/api/admin/events/${EVENT}/announcements`) {
        posted.push(request.body as Record<string, unknown>);
        const announcement = stored({ ...(request.body as object), id: (request.body as { id: string }).id, told: 2 });
        list = [announcement, ...list];
        return json(200, { result: 'sent', announcement });
      }
      return json(404, { error: 'Not found' });
    });
    renderAt('/admin/events/edit/ev-race', <AdminAnnouncementsSection eventId={EVENT} replyTo="rita@example.org" />);
    const section = within(await screen.findByRole('region', { name: 'Announcements' }));
    expect(await section.findByText(/Told 5 people \(Booked members, On duty\) · by Rita Race/)).toBeTruthy();
    expect(section.getByText('Replies go to rita@example.org.')).toBeTruthy();

    await userEvent.click(section.getByLabelText('Waiting list'));
    await userEvent.type(section.getByLabelText(/^Subject/), 'Launching from the south slip');
    await userEvent.type(section.getByLabelText(/^Announcement/), 'The north slip is closed.');
    await userEvent.click(section.getByRole('button', { name: 'Send announcement' }));
    expect(await section.findByText('Announcement sent to 2 people.')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ audiences: ['booked', 'waiting'], subject: 'Launching from the south slip', text: 'The north slip is closed.' });
    expect(String(posted[0]!.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await section.findByText(/Told 2 people/)).toBeTruthy();
    expect((section.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal and keeps the words", async () => {
    serve((request) =>
      request.method === 'POST'
        ? json(403, { error: 'You do not have permission to send announcements.', permission: 'events:write' })
        : json(200, { announcements: [] }),
    );
    renderAt('/admin/events/edit/ev-race', <AdminAnnouncementsSection eventId={EVENT} replyTo="rita@example.org" />);
    const section = within(await screen.findByRole('region', { name: 'Announcements' }));
    expect(await section.findByText('No announcements yet.')).toBeTruthy();
    await userEvent.type(section.getByLabelText(/^Subject/), 'Hello');
    await userEvent.type(section.getByLabelText(/^Announcement/), 'Words');
    await userEvent.click(section.getByRole('button', { name: 'Send announcement' }));
    expect(await section.findByRole('alert')).toHaveProperty('textContent', 'You do not have permission to send announcements.');
    expect((section.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Hello');
  });
});

describe("My club's Announcements", () => {
  it("lists the member's events' announcements with the event and when, or says there are none", async () => {
    serve((request) => (request.path === '/api/my/announcements' ? json(200, { announcements: [stored()] }) : json(404, { error: 'Not found' })));
    renderAt('/my', <MyAnnouncementsSection />);
    const section = within(await screen.findByRole('region', { name: 'Announcements' }));
    expect(await section.findByText('Racing abandoned')).toBeTruthy();
    expect(section.getByText('Too much wind.')).toBeTruthy();
    expect(section.getByText(/Club race/)).toBeTruthy();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventBookingPath } from '../../../../core/shared/paths';
import { MyWaitingListEntrySchema, type MyWaitingListEntry } from '../../../../core/waiting-list/waiting-list-schema';
import { OFFLINE_MESSAGE } from '../../../../web/src/lib/api';
import { WaitingListPage } from '../../../../web/src/features/waiting-list/components/waiting-list-page';
import { anEvent } from '../../../support/entities';
import { json, renderAt, serve, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const EVENT = anEvent();
const ENTRY_PATH = '/api/waiting-list?token=tok-123';

function entry(overrides: Partial<MyWaitingListEntry> = {}): MyWaitingListEntry {
  return MyWaitingListEntrySchema.parse({
    eventId: EVENT.id,
    eventName: EVENT.name,
    name: 'Ann Jones',
    places: 2,
    status: 'waiting',
    position: 3,
    ...overrides,
  });
}

function details(): Record<string, string> {
  return Object.fromEntries(
    Array.from(document.querySelectorAll('dl > div')).map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
  );
}

describe('The waiting-list page', () => {
  it('shows "Loading your place on the waiting list..." until the entry comes, then the place in line', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(screen.getByText('Loading your place on the waiting list...')).toBeTruthy();
    held.send(json(200, entry()));
    expect(await screen.findByRole('heading', { name: 'Waiting list: Summer Regatta' })).toBeTruthy();
    expect(screen.getByText('You are on the waiting list.')).toBeTruthy();
    expect(details()).toEqual({ Name: 'Ann Jones', 'Places wanted': '2', 'Place in line': '3' });
    expect(screen.getByRole('link', { name: 'Go to the event' }).getAttribute('href')).toBe(eventBookingPath(EVENT.id));
    expect(calls).toEqual([`GET ${ENTRY_PATH}`]);
  });

  it('takes the member off the list when they leave, and shows the entry as the server answers it', async () => {
    const bodies: unknown[] = [];
    const calls = serve(({ method, body }) => {
      if (method === 'GET') return json(200, entry());
      bodies.push(body);
      return json(200, entry({ status: 'left', position: null }));
    });
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByText('You have left the waiting list.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waiting list' })).toBeNull();
    expect(details()).toEqual({ Name: 'Ann Jones', 'Places wanted': '2' });
    expect(calls).toEqual([`GET ${ENTRY_PATH}`, 'POST /api/waiting-list/leave']);
    expect(bodies).toEqual([{ token: 'tok-123' }]);
  });

  it('says the member could not be taken off when leaving fails, and keeps the button', async () => {
    serve(({ method }) => (method === 'GET' ? json(200, entry({ status: 'offered' })) : json(500, { error: 'Internal error' })));
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(await screen.findByText('Places have been offered to you: see the offer e-mail to book them.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByText('You could not be taken off the waiting list just now. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeTruthy();
  });

  it('offers no Leave button once the member has booked through the offer', async () => {
    serve(() => json(200, entry({ status: 'booked', position: null })));
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(await screen.findByText('You booked through your offer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waiting list' })).toBeNull();
  });

  it('says the link is not valid when the server knows no such entry', async () => {
    serve(() => json(404, { error: 'Not found' }));
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(await screen.findByRole('heading', { name: 'Waiting-list link not valid' })).toBeTruthy();
    expect(screen.getByText('This waiting-list link is not valid, or has expired. Use the link in your e-mail.')).toBeTruthy();
  });

  it('asks nothing of the server for a link without a token', () => {
    const calls = serve(() => json(200, entry()));
    renderAt('/waiting-list', <WaitingListPage />);
    expect(screen.getByRole('heading', { name: 'Waiting-list link not valid' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says "Failed to load your place on the waiting list" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, entry()));
    const calls = serve(read.server);
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(await screen.findByText('Failed to load your place on the waiting list')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('heading', { name: 'Waiting list: Summer Regatta' })).toBeTruthy();
    expect(calls).toEqual([`GET ${ENTRY_PATH}`, `GET ${ENTRY_PATH}`]);
  });

  it('says the member is offline, not that loading failed, when the server cannot be reached', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/waiting-list?token=tok-123', <WaitingListPage />);
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Failed to load your place on the waiting list')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE, AuditListSchema, type AuditList } from '../../../../core/audit/audit-schema';
import type { AuditEntry } from '../../../../core/audit/audit';
import { AdminsResponseSchema } from '../../../../core/contract/admin-api-schema';
import { AuditPage } from '../../../../web/src/features/audit/admin/components/audit-page';
import { anAdmin } from '../../../support/entities';
import { json, renderAt, serve, type FakeServer, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const COMMODORE = anAdmin();
const TREASURER = anAdmin({ uid: 'admin-2', email: 'treasurer@club.example', name: 'The Treasurer' });

const PRICE_CHANGED: AuditEntry = {
  id: 'audit-2',
  at: '2026-06-01T09:30:00.000Z',
  actor: { kind: 'admin', uid: COMMODORE.uid, email: COMMODORE.email },
  action: 'event.updated',
  recordType: 'event',
  recordId: 'summer-regatta',
  summary: 'Event updated',
  changes: [{ field: 'price', before: 1250, after: 1500 }],
};
const CANCELLED: AuditEntry = {
  id: 'audit-1',
  at: '2026-05-31T16:00:00.000Z',
  actor: { kind: 'member' },
  action: 'booking.cancelled',
  recordType: 'booking',
  recordId: 'REF-1234',
  summary: 'Cancelled by the member',
  changes: [],
};

function list(entries: AuditEntry[], limit = AUDIT_PAGE): AuditList {
  return AuditListSchema.parse({ entries, limit, adminNames: { [COMMODORE.uid]: COMMODORE.name } });
}

/** The server: the admins for the filter, and the audit answer the test gives. */
function server(audit: (path: string) => Response | Promise<Response>): FakeServer {
  return ({ path }) => (path === '/api/admin/admins' ? json(200, AdminsResponseSchema.parse({ admins: [COMMODORE, TREASURER] })) : audit(path));
}

describe('The audit log page', () => {
  it('shows "Loading the audit log…" until the entries come, then each with who, what, the record and the changes', async () => {
    const held = heldAnswer();
    const calls = serve(server(() => held.response));
    renderAt('/admin/audit', <AuditPage />);
    expect(screen.getByText('Loading the audit log…')).toBeTruthy();
    held.send(json(200, list([PRICE_CHANGED, CANCELLED])));
    const items = await screen.findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.className === 'adm-audit');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('The Commodore · Event updated · event summer-regatta');
    expect(within(entries[0] as HTMLElement).getByText('Price')).toBeTruthy();
    expect(entries[0]?.textContent).toContain('Price: £12.50 → £15.00');
    expect(entries[1]?.textContent).toContain('member via manage link · Cancelled by the member');
    expect(
      within(entries[1] as HTMLElement)
        .getByRole('link', { name: 'booking REF-1234' })
        .getAttribute('href'),
    ).toBe('/admin/booking/REF-1234');
    expect(screen.queryByText('Loading the audit log…')).toBeNull();
    expect(screen.queryByText(/The newest \d+ entries are shown/)).toBeNull();
    expect(calls.filter((call) => call.includes('audit'))).toEqual(['GET /api/admin/audit']);
  });

  it('says "No entries match." when there are none', async () => {
    serve(server(() => json(200, list([]))));
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText('No entries match.')).toBeTruthy();
  });

  it('says only the newest entries are shown when the answer is full', async () => {
    serve(server(() => json(200, list([CANCELLED], 1))));
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText('The newest 1 entries are shown; filter by record or admin to see older ones.')).toBeTruthy();
  });

  it('asks for the record and admin chosen when Show is pressed', async () => {
    const calls = serve(server((path) => json(200, list(path.includes('?') ? [CANCELLED] : [PRICE_CHANGED, CANCELLED]))));
    renderAt('/admin/audit', <AuditPage />);
    await screen.findByText(/Event updated/);
    await userEvent.type(screen.getByLabelText(/^Record/), 'REF-1234');
    await screen.findByRole('option', { name: 'The Treasurer (treasurer@club.example)' });
    await userEvent.selectOptions(screen.getByLabelText('Admin'), TREASURER.uid);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.queryByText(/Event updated/)).toBeNull());
    expect(screen.getByText(/Cancelled by the member/)).toBeTruthy();
    expect(calls.filter((call) => call.includes('audit'))).toEqual(['GET /api/admin/audit', 'GET /api/admin/audit?recordId=REF-1234&adminUid=admin-2']);
  });

  it('says "Failed to load the audit log" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, list([CANCELLED])));
    const calls = serve(server(read.server));
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText('Failed to load the audit log')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByText(/Cancelled by the member/)).toBeTruthy();
    expect(calls.filter((call) => call.includes('audit'))).toEqual(['GET /api/admin/audit', 'GET /api/admin/audit']);
  });

  it('shows Access Denied instead of the page when the server refuses the admin', async () => {
    serve(server(() => json(403, { error: 'You do not have permission to do this', permission: 'audit:read' })));
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('audit:read')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
  });
});

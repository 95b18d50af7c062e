import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unknownMembershipTypesWarning } from '@core/members/member-import';
import { MemberListPage } from '../../../../web/src/features/member-list/admin/components/member-list-page';
import { json, renderAt, serveForm } from '../../../support/component/render';

const UNKNOWN = [{ membershipType: 'Cadet', members: 2 }];
const PLAN = {
  add: [
    { name: 'Nia Mover', email: 'nia@example.org', membershipType: 'Cadet', renewalDate: '2027-03-31' },
    { name: 'Oli Mover', email: 'oli@example.org', membershipType: 'Cadet', renewalDate: '2027-03-31' },
  ],
  update: [],
  unchanged: 0,
  unknownMembershipTypes: UNKNOWN,
};

describe('Import from CSV: membership types no category is called', () => {
  it('warns in the preview, imports the members all the same, and says so again in the summary', async () => {
    const { posts } = serveForm(
      ({ path }) =>
        path.endsWith('/preview')
          ? json(200, { ok: true, plan: PLAN })
          : json(200, { imported: 2, added: 2, updated: 0, unchanged: 0, unknownMembershipTypes: UNKNOWN }),
      () => json(200, { members: [], today: '2026-11-27', upcomingDuties: {} }),
    );
    renderAt('/admin/members', <MemberListPage />);
    const panel = within((await screen.findByRole('heading', { name: 'Import from CSV' })).closest('section') as HTMLElement);
    const file = new File(['Name,Email,Type,Renewal\nNia Mover,nia@example.org,Cadet,2027-03-31\nOli Mover,oli@example.org,Cadet,2027-03-31\n'], 'movers.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(panel.getByLabelText(/^CSV file/), file);
    await userEvent.click(panel.getByRole('button', { name: 'Check File' }));
    const warning = unknownMembershipTypesWarning(UNKNOWN)!;
    expect(warning).toContain('“Cadet” (2 members)');
    expect(await panel.findByText(warning)).toBeTruthy();
    await userEvent.click(panel.getByRole('button', { name: 'Import 2 Members' }));
    await waitFor(() => expect(screen.getByText(`Imported 2 members from movers.csv: 2 added, 0 updated, 0 unchanged. ${warning}`)).toBeTruthy());
    expect(posts()).toEqual(['POST /api/admin/members/import/preview', 'POST /api/admin/members/import']);
  });
});

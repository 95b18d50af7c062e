import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MEMBER_FORM_MESSAGES } from '@core/members/member-form';
import { MemberListPage } from '../../../../web/src/features/member-list/admin/components/member-list-page';
import { json, renderAt, type FakeServer, heldAnswer, serveForm, pressOnceWhileHeld } from '../../../support/component/render';

const ADDED = {
  id: 'm1',
  name: 'Ann Sailor',
  email: 'ann@club.example',
  membershipType: 'Adult',
  renewalDate: '2027-03-31',
  disabled: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  status: 'current',
};

/** The member list, empty; `add` answers Add Member. */
function renderPage(add: FakeServer) {
  const recorded = serveForm(add, () => json(200, { members: [], today: '2026-11-27', upcomingDuties: {} }));
  renderAt('/admin/members', <MemberListPage />);
  return recorded;
}

const panel = async () => within((await screen.findByRole('heading', { name: 'Add a Member' })).closest('section') as HTMLElement);

async function fill() {
  const form = await panel();
  await userEvent.type(form.getByLabelText(/^Name/), 'Ann Sailor');
  await userEvent.type(form.getByLabelText(/^Email/), 'ann@club.example');
  await userEvent.type(form.getByLabelText(/^Membership type/), 'Adult');
  await userEvent.type(form.getByLabelText(/^Renewal date/), '31/03/2027');
  return form;
}

describe('Add a Member', () => {
  it('sends the member typed, says so and empties the form', async () => {
    const { posts, bodies } = renderPage(() => json(201, { member: ADDED }));
    const form = await fill();
    await userEvent.click(form.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect((form.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(''));
    expect(posts()).toEqual(['POST /api/admin/members']);
    expect(bodies[0]).toMatchObject({ name: 'Ann Sailor', email: 'ann@club.example', membershipType: 'Adult', renewalDate: '31/03/2027' });
  });

  it("shows the core rule's message at a submit, focuses the field and sends nothing", async () => {
    const { posts } = renderPage(() => json(201, { member: ADDED }));
    const form = await fill();
    await userEvent.clear(form.getByLabelText(/^Email/));
    await userEvent.type(form.getByLabelText(/^Email/), 'ann');
    await userEvent.click(form.getByRole('button', { name: 'Add Member' }));
    expect(await form.findByText(MEMBER_FORM_MESSAGES.emailInvalid)).toBeTruthy();
    expect(form.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Email/)));
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal beside its field", async () => {
    renderPage(() => json(400, { error: 'This e-mail is on the list already', fields: { email: 'This e-mail is on the list already' } }));
    const form = await fill();
    await userEvent.click(form.getByRole('button', { name: 'Add Member' }));
    expect((await form.findByText('This e-mail is on the list already')).id).toBe('adm-member-email-error');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Email/)));
  });

  it('adds once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    const form = await fill();
    await pressOnceWhileHeld(form, held, { submit: 'Add Member', busy: 'Adding…', disabled: 'fieldset', answer: json(201, { member: ADDED }) });
    await waitFor(() => expect((form.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(''));
    expect(posts()).toEqual(['POST /api/admin/members']);
  });
});

describe('Edit a member', () => {
  it('sends only the fields the admin changed, so a renewal paid while the form was open is not undone', async () => {
    const { calls, bodies } = serveForm(
      () => json(200, { member: { ...ADDED, phone: '07700 900123' } }),
      ({ path }) =>
        path.endsWith('/household')
          ? json(200, { householdId: null, members: [], people: [] })
          : json(200, { members: [ADDED], today: '2026-11-27', upcomingDuties: {} }),
    );
    renderAt('/admin/members', <MemberListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ann Sailor' }));
    const form = within((await screen.findByRole('heading', { name: 'Edit Ann Sailor' })).closest('section') as HTMLElement);
    await userEvent.type(form.getByLabelText(/^Phone/), '07700 900123');
    await userEvent.click(form.getByRole('button', { name: 'Save Member' }));
    await waitFor(() => expect(calls.filter((call) => call.startsWith('PATCH'))).toEqual(['PATCH /api/admin/members/m1']));
    expect(bodies).toEqual([{ phone: '07700 900123' }]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOUSEHOLD_MESSAGES } from '@core/members/household';
import { HOUSEHOLD_MEMBER_MESSAGES } from '@core/members/household-membership';
import { HouseholdSection } from '../../../../web/src/features/my-club/components/household-section';
import { json, renderAt, type FakeServer, heldAnswer, serveForm } from '../../../support/component/render';

const HOUSEHOLD = { householdId: 'h1', contact: true, members: [], people: [], invitations: [], invited: [] };
const PERSON = {
  id: 'p1',
  memberId: 'm1',
  name: 'Tom',
  kind: 'junior',
  yearOfBirth: 2018,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** My club's household for its contact, with nobody in it yet; `answer` answers the changes. */
function renderSection(answer: FakeServer) {
  const { calls, bodies } = serveForm(answer, () => json(200, HOUSEHOLD));
  renderAt('/my-club', <HouseholdSection />);
  return { changes: () => calls.filter((call) => !call.startsWith('GET')), bodies };
}

const addForm = async () => within((await screen.findByRole('heading', { name: 'Add a person' })).closest('form') as HTMLFormElement);

describe('The household forms', () => {
  it('adds a person with the values typed, then offers a fresh form', async () => {
    const { changes, bodies } = renderSection(() => json(201, { person: PERSON }));
    const form = await addForm();
    await userEvent.type(form.getByLabelText('Name'), 'Tom');
    await userEvent.type(form.getByLabelText(/Year of birth/), '2018');
    await userEvent.click(form.getByRole('button', { name: 'Add to household' }));
    await waitFor(() => expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(changes()).toEqual(['POST /api/my/household']);
    expect(bodies[0]).toEqual({ name: 'Tom', kind: 'junior', yearOfBirth: '2018' });
  });

  it("shows the core rule's message at a submit, focuses the field and sends nothing", async () => {
    const { changes } = renderSection(() => json(201, { person: PERSON }));
    const form = await addForm();
    await userEvent.click(form.getByRole('button', { name: 'Add to household' }));
    expect(await form.findByText(HOUSEHOLD_MESSAGES.nameRequired)).toBeTruthy();
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Name')));
    expect(changes()).toEqual([]);
    await userEvent.type(form.getByLabelText('Name'), 'T');
    expect(form.queryByText(HOUSEHOLD_MESSAGES.nameRequired)).toBeNull();
  });

  it("shows the server's refusal of an invitation beside the e-mail", async () => {
    renderSection(() => json(400, { error: HOUSEHOLD_MEMBER_MESSAGES.noSuchMember, fields: { email: HOUSEHOLD_MEMBER_MESSAGES.noSuchMember } }));
    const email = await screen.findByLabelText('Their e-mail');
    await userEvent.type(email, 'tom@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByText(HOUSEHOLD_MEMBER_MESSAGES.noSuchMember)).id).toBe('household-invite-email-error');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it("checks the invitation's address with the core rule first, and invites once at a time", async () => {
    const held = heldAnswer();
    const { changes } = renderSection(() => held.response);
    const email = await screen.findByLabelText('Their e-mail');
    await userEvent.type(email, 'tom');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(HOUSEHOLD_MEMBER_MESSAGES.emailInvalid)).toBeTruthy();
    expect(changes()).toEqual([]);
    await userEvent.type(email, '@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const busy = await screen.findByRole('button', { name: 'Inviting…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(201, { invitationId: 'i1' }));
    expect(await screen.findByText(/Invitation sent/)).toBeTruthy();
    expect(changes()).toEqual(['POST /api/my/household/invitations']);
    expect((email as HTMLInputElement).value).toBe('');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MEMBER_FORM_MESSAGES } from '@core/members/member-form';
import { EMAIL_CHANGE_MESSAGES } from '@core/my-club/my-details';
import { MyDetailsSection } from '../../../../web/src/features/my-club/components/my-details-section';
import { heldAnswer, json, renderAt, serveForm, type FakeServer } from '../../../support/component/render';

const DETAILS = {
  name: 'Ann Harbour',
  email: 'ann@club.example',
  phone: '07700 900123',
  emergencyContactName: null,
  emergencyContactPhone: null,
  membership: { category: 'Family', status: 'current', renewalDate: '2027-03-31', lapsedSince: null },
};

function renderSection(answer: FakeServer, details: object = DETAILS) {
  const { calls, bodies } = serveForm(answer, (request) => (request.path === '/api/my/details' ? json(200, details) : json(404, { error: 'Not found' })));
  renderAt('/my', <MyDetailsSection />);
  return { changes: () => calls.filter((call) => !call.startsWith('GET')), bodies };
}

const contactForm = async () => within((await screen.findByRole('heading', { name: 'Phone and emergency contact' })).closest('form') as HTMLFormElement);

describe('My details', () => {
  it('shows the membership and the member’s own details; the name is not a field', async () => {
    renderSection(() => json(500, {}));
    const section = within(await screen.findByRole('region', { name: 'My details' }));
    expect(await section.findByText('Family')).toBeTruthy();
    expect(section.getByText(/^Current until .*31 March 2027$/)).toBeTruthy();
    expect(section.getByText('Ann Harbour')).toBeTruthy();
    expect(section.getByText('ann@club.example')).toBeTruthy();
    expect(section.queryByLabelText(/^Name/)).toBeNull();
    expect((section.getByLabelText('Your phone (optional)') as HTMLInputElement).value).toBe('07700 900123');
  });

  it('says since when a lapsed membership lapsed, and that a life membership has no end', async () => {
    renderSection(() => json(500, {}), {
      ...DETAILS,
      membership: { category: 'Adult', status: 'lapsed', renewalDate: '2026-03-31', lapsedSince: '2026-04-01' },
    });
    expect(await screen.findByText(/^Lapsed since .*1 April 2026$/)).toBeTruthy();
    expect(screen.getByText(/bookings are at the standard price/)).toBeTruthy();
  });

  it('shows a life membership without an end', async () => {
    renderSection(() => json(500, {}), { ...DETAILS, membership: { category: 'Life', status: 'life', renewalDate: null, lapsedSince: null } });
    expect(await screen.findByText('Life membership: no end')).toBeTruthy();
    expect(screen.getByText('None: a life membership does not end')).toBeTruthy();
  });

  it('saves the phone and emergency contact, and says so', async () => {
    const { changes, bodies } = renderSection(({ body }) => json(200, { ...DETAILS, ...(body as object) }));
    const form = await contactForm();
    await userEvent.type(form.getByLabelText('Emergency contact’s name (optional)'), 'Bo Harbour');
    await userEvent.type(form.getByLabelText('Emergency contact’s phone (optional)'), '01632 960001');
    await userEvent.click(form.getByRole('button', { name: 'Save phone and emergency contact' }));
    expect(await form.findByText('Your details are saved.')).toBeTruthy();
    expect(changes()).toEqual(['PUT /api/my/details']);
    expect(bodies[0]).toEqual({ phone: '07700 900123', emergencyContactName: 'Bo Harbour', emergencyContactPhone: '01632 960001' });
  });

  it('checks the phone with the admin form’s rule first, focuses it and sends nothing', async () => {
    const { changes } = renderSection(() => json(200, DETAILS));
    const form = await contactForm();
    const phone = form.getByLabelText('Your phone (optional)');
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(form.getByRole('button', { name: 'Save phone and emergency contact' }));
    expect(await form.findByText(MEMBER_FORM_MESSAGES.phoneInvalid)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(changes()).toEqual([]);
  });

  it('shows a failed save as an error and keeps what was typed', async () => {
    renderSection(() => json(503, { error: 'Service unavailable' }));
    const form = await contactForm();
    await userEvent.type(form.getByLabelText('Emergency contact’s name (optional)'), 'Bo');
    await userEvent.click(form.getByRole('button', { name: 'Save phone and emergency contact' }));
    expect(await form.findByText('Saving your details failed. Please try again.')).toBeTruthy();
    expect((form.getByLabelText('Emergency contact’s name (optional)') as HTMLInputElement).value).toBe('Bo');
  });

  it('changes the e-mail in two steps: the new address, then the code sent to it', async () => {
    const held = heldAnswer();
    const { changes, bodies } = renderSection(({ path }) =>
      path === '/api/my/details/email' ? json(200, { message: 'We have sent a 6-digit code to new@club.example.' }) : held.response,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change my e-mail address' }));
    const email = screen.getByLabelText('New e-mail address');
    await userEvent.type(email, 'new@');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.emailInvalid)).toBeTruthy();
    expect(changes()).toEqual([]);
    await userEvent.type(email, 'club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We have sent a 6-digit code to new@club.example.')).toBeTruthy();
    const code = screen.getByLabelText('Code from the e-mail');
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.codeInvalid)).toBeTruthy();
    await userEvent.type(code, '456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByRole('button', { name: 'Confirming…' })).toBeTruthy();
    held.send(json(200, { ...DETAILS, email: 'new@club.example' }));
    expect(await screen.findByText('Your e-mail address is now new@club.example. Sign in with it from now on.')).toBeTruthy();
    expect(changes()).toEqual(['POST /api/my/details/email', 'POST /api/my/details/email/confirm']);
    expect(bodies).toEqual([{ email: 'new@club.example' }, { email: 'new@club.example', code: '123456' }]);
    expect(screen.getByText('new@club.example')).toBeTruthy();
  });

  it('shows the server’s refusal of the code, and of an address in use', async () => {
    let refusal = json(400, { error: EMAIL_CHANGE_MESSAGES.invalidCode, fields: { code: EMAIL_CHANGE_MESSAGES.invalidCode } });
    renderSection(({ path }) => (path === '/api/my/details/email' ? json(200, { message: 'Sent.' }) : refusal));
    await userEvent.click(await screen.findByRole('button', { name: 'Change my e-mail address' }));
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'taken@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('Code from the e-mail');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect((await screen.findByText(EMAIL_CHANGE_MESSAGES.invalidCode)).id).toBe('my-details-email-code-error');
    await waitFor(() => expect(document.activeElement).toBe(code));
    refusal = json(409, { error: EMAIL_CHANGE_MESSAGES.emailInUse });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.emailInUse)).toBeTruthy();
  });

  it('says when the details cannot be loaded, with Try again', async () => {
    serveForm(
      () => json(500, {}),
      () => json(503, { error: 'Service unavailable' }),
    );
    renderAt('/my', <MyDetailsSection />);
    expect(await screen.findByText('Failed to load your details')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/i })).toBeTruthy();
  });
});

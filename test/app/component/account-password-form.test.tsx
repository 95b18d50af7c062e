import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '@core/admin-accounts/change-password-schema';
import { AdminSessionProvider } from '../../../web/src/admin/session/components/admin-session';
import { RequireSignIn } from '../../../web/src/admin/session/components/require-admin';
import { AccountPage } from '../../../web/src/admin/session/components/account-page';
import { json, renderAt, type FakeServer, heldAnswer, serveForm, pressOnceWhileHeld } from '../../support/component/render';

const ANN = { uid: 'adm-ann', email: 'ann@club.example', name: 'Ann Officer', role: 'admin', permissions: ['events:read' as const] };

/** My Account for a signed-in admin; `change` answers Change Password. */
function renderPage(change: FakeServer) {
  const recorded = serveForm(change, () => json(200, { admin: ANN }));
  renderAt(
    '/admin/account',
    <AdminSessionProvider>
      <Routes>
        <Route element={<RequireSignIn />}>
          <Route path="/admin/account" element={<AccountPage />} />
        </Route>
      </Routes>
    </AdminSessionProvider>,
  );
  return recorded;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(repeat = 'a new long password') {
  await userEvent.type(await screen.findByLabelText('Current password'), 'the old password');
  await userEvent.type(field('New password'), 'a new long password');
  await userEvent.type(field('New password again'), repeat);
}

describe('Change Password', () => {
  it('sends the current and new password, says so and empties the form', async () => {
    const { posts, bodies } = renderPage(() => json(200, { message: CHANGE_PASSWORD_MESSAGES.done }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(CHANGE_PASSWORD_MESSAGES.done)).toBeTruthy();
    expect(posts()).toEqual(['POST /api/admin/account/password']);
    expect(bodies[0]).toEqual({ currentPassword: 'the old password', newPassword: 'a new long password' });
    await waitFor(() => expect(field('Current password').value).toBe(''));
  });

  it('says the passwords do not match beside the repeat, focuses it and sends nothing', async () => {
    const { posts } = renderPage(() => json(200, { message: CHANGE_PASSWORD_MESSAGES.done }));
    await fill('a new long passwort');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(CHANGE_PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    expect(field('New password again').getAttribute('aria-describedby')).toBe('adm-account-repeat-error');
    await waitFor(() => expect(document.activeElement).toBe(field('New password again')));
    expect(posts()).toEqual([]);
  });

  it('shows a wrong current password beside it', async () => {
    renderPage(() => json(400, { error: CHANGE_PASSWORD_MESSAGES.currentWrong, fields: { currentPassword: CHANGE_PASSWORD_MESSAGES.currentWrong } }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByText(CHANGE_PASSWORD_MESSAGES.currentWrong)).id).toBe('adm-account-currentPassword-error');
    await waitFor(() => expect(document.activeElement).toBe(field('Current password')));
  });

  it('changes once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await fill();
    await pressOnceWhileHeld(screen, held, {
      submit: 'Change Password',
      busy: 'Changing…',
      disabled: 'fieldset',
      answer: json(200, { message: CHANGE_PASSWORD_MESSAGES.done }),
    });
    expect(await screen.findByText(CHANGE_PASSWORD_MESSAGES.done)).toBeTruthy();
    expect(posts()).toEqual(['POST /api/admin/account/password']);
  });
});

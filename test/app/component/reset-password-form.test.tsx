import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@core/admin-accounts/create-admin';
import { CHANGE_PASSWORD_MESSAGES } from '@core/admin-accounts/change-password-schema';
import { RESET_MESSAGES } from '@core/admins/password-reset';
import { ResetPasswordPage } from '../../../web/src/admin/session/components/reset-password-page';
import { json, renderAt, type FakeServer, heldAnswer, serveForm, pressOnceWhileHeld } from '../../support/component/render';

const TOKEN = 'a'.repeat(43);

function LoginScreen() {
  const state = useLocation().state as { passwordReset?: string } | null;
  return <h1>{state?.passwordReset ?? 'Admin Sign In'}</h1>;
}

function renderPage(confirm: FakeServer) {
  const recorded = serveForm(confirm);
  renderAt(
    `/admin/reset-password?token=${TOKEN}`,
    <Routes>
      <Route path="/admin/reset-password" element={<ResetPasswordPage />} />
      <Route path="/admin/login" element={<LoginScreen />} />
    </Routes>,
  );
  return recorded;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(repeat = 'a new long password') {
  await userEvent.type(field('New password'), 'a new long password');
  await userEvent.type(field('New password again'), repeat);
}

describe('Choose a new password', () => {
  it('sends the token and the new password, then asks to sign in with it', async () => {
    const { posts, bodies } = renderPage(() => json(200, { message: RESET_MESSAGES.done }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('heading', { name: RESET_MESSAGES.done })).toBeTruthy();
    expect(posts()).toEqual(['POST /api/admin/password-reset/confirm']);
    expect(bodies[0]).toEqual({ token: TOKEN, password: 'a new long password' });
  });

  it("shows the rules' messages at a submit, focuses the first, sends nothing, and clears each as it changes", async () => {
    const { posts } = renderPage(() => json(200, { message: RESET_MESSAGES.done }));
    await userEvent.type(field('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(ADMIN_MESSAGES.passwordTooShort)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('New password')));
    expect(posts()).toEqual([]);
    await userEvent.type(field('New password'), ' but longer now');
    expect(screen.queryByText(ADMIN_MESSAGES.passwordTooShort)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(CHANGE_PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('New password again')));
  });

  it("shows the server's refusal of the password beside it", async () => {
    renderPage(() => json(400, { error: 'Choose a password that is not this common', fields: { password: 'Choose a password that is not this common' } }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect((await screen.findByText('Choose a password that is not this common')).id).toBe('adm-reset-password-error');
    await waitFor(() => expect(document.activeElement).toBe(field('New password')));
  });

  it('sends once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await fill();
    await pressOnceWhileHeld(screen, held, {
      submit: 'Set Password',
      busy: 'Saving…',
      disabled: 'button',
      answer: json(200, { message: RESET_MESSAGES.done }),
    });
    await screen.findByRole('heading', { name: RESET_MESSAGES.done });
    expect(posts()).toEqual(['POST /api/admin/password-reset/confirm']);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@core/admins/login';
import { RESET_MESSAGES } from '@core/admins/password-reset';
import { AdminSessionProvider } from '../../../web/src/admin/session/components/admin-session';
import { LoginPage } from '../../../web/src/admin/session/components/login-page';
import { ForgotPasswordPage } from '../../../web/src/admin/session/components/forgot-password-page';
import { clubConfigRead, FALLBACK_CLUB_CONFIG } from '../../../web/src/lib/club-config';
import { createQueryClient } from '../../../web/src/lib/query';
import { json, renderAt, serve, type FakeServer, heldAnswer } from '../../support/component/render';

const ANN = { uid: 'adm-ann', email: 'ann@club.example', name: 'Ann Officer', role: 'admin', permissions: ['events:read' as const] };

/** The sign-in page for nobody signed in; `signIn` answers the sign-in itself. */
function renderLogin(signIn: FakeServer) {
  const bodies: unknown[] = [];
  const calls = serve((request) => {
    if (request.method === 'POST') {
      bodies.push(request.body);
      return signIn(request);
    }
    if (request.path === '/api/admin/session') return json(401, { error: 'Not signed in' });
    return json(200, {});
  });
  renderAt(
    '/admin/login',
    <AdminSessionProvider>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </AdminSessionProvider>,
  );
  return { calls, bodies };
}

const posts = (calls: string[]) => calls.filter((call) => call.startsWith('POST'));

describe('The admin sign-in form', () => {
  it('sends the e-mail (trimmed) and password, then opens the dashboard', async () => {
    const { calls, bodies } = renderLogin(() => json(200, { admin: ANN }));
    await userEvent.type(await screen.findByLabelText('Email'), ' ann@club.example ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(posts(calls)).toEqual(['POST /api/admin/session']);
    expect(bodies).toEqual([{ email: 'ann@club.example', password: 'secret words' }]);
  });

  it("shows the core rule's message beside a blank e-mail, focuses it and sends nothing", async () => {
    const { calls } = renderLogin(() => json(200, { admin: ANN }));
    await userEvent.type(await screen.findByLabelText('Email'), '   ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    // Sign In stays disabled until both are filled in; a submit all the same (Enter in some browsers) is checked by the rule.
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByLabelText('Email').closest('form') as HTMLFormElement);
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText(LOGIN_MESSAGES.emailRequired)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('adm-login-email-error');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(posts(calls)).toEqual([]);
    await userEvent.type(email, 'a');
    expect(screen.queryByText(LOGIN_MESSAGES.emailRequired)).toBeNull();
  });

  it("shows a refusal's field message beside the field and the catalogue's words for the form", async () => {
    renderLogin(() => json(400, { error: 'Email must be an e-mail address', fields: { email: 'Email must be an e-mail address' } }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByText('Email must be an e-mail address')).id).toBe('adm-login-email-error');
    expect(screen.getByText(LOGIN_MESSAGES.other)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it("says a wrong password in the catalogue's words", async () => {
    renderLogin(() => json(401, { error: 'Invalid email or password' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(LOGIN_MESSAGES.invalid)).toBeTruthy();
  });

  it('signs in once while the request is under way', async () => {
    const held = heldAnswer();
    const { calls } = renderLogin(() => held.response);
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(200, { admin: ANN }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(posts(calls)).toEqual(['POST /api/admin/session']);
  });
});

describe('The forgot-password form', () => {
  function renderForgot(answer: FakeServer) {
    const calls = serve(answer);
    // The club's settings as the root route's loader leaves them: password reset by e-mail on.
    const client = createQueryClient();
    client.setQueryData(clubConfigRead.queryKey, { ...FALLBACK_CLUB_CONFIG, passwordReset: true });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/forgot-password']}>
          <ForgotPasswordPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return calls;
  }

  it("sends the address and shows the server's answer", async () => {
    const calls = renderForgot(() => json(200, { message: "If that address is an admin's, a link is on its way." }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText("If that address is an admin's, a link is on its way.")).toBeTruthy();
    expect(posts(calls)).toEqual(['POST /api/admin/password-reset']);
  });

  it("shows the request schema's message for a bad address, focuses it and sends nothing", async () => {
    const calls = renderForgot(() => json(200, { message: 'sent' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(RESET_MESSAGES.emailInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's field refusal beside the field", async () => {
    renderForgot(() => json(400, { error: 'No such address here', fields: { email: 'No such address here' } }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findAllByText('No such address here')).toHaveLength(2);
    expect(document.getElementById('adm-forgot-email-error')?.textContent).toBe('No such address here');
  });
});

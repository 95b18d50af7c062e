import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiGet } from '../../../web/src/lib/api';
import { AdminSessionProvider, useAdminSession, useSignedInAdmin } from '../../../web/src/admin/session/components/admin-session';
import { RequireSignIn } from '../../../web/src/admin/session/components/require-admin';
import { rememberAdmin, rememberedAdmin } from '../../../web/src/admin/session/api/remembered-admin';
import { json, renderAt, serve, heldAnswer } from '../../support/component/render';

const ANN = { uid: 'adm-ann', email: 'ann@club.example', name: 'Ann Officer', role: 'admin', permissions: ['events:read' as const] };

/** A screen behind the sign-in guard: who is signed in, Sign Out, and a call the server may refuse. */
function Panel() {
  const admin = useSignedInAdmin();
  const { signOut } = useAdminSession();
  return (
    <main>
      <h1>Signed in as {admin.name}</h1>
      <button type="button" onClick={signOut}>
        Sign Out
      </button>
      <button type="button" onClick={() => void apiGet('/api/admin/events').catch(() => undefined)}>
        Open events
      </button>
    </main>
  );
}

function LoginScreen() {
  const { session } = useAdminSession();
  return <h1>{session.status === 'signed-out' && session.byUser ? 'Signed out: sign in again' : 'Admin Sign In'}</h1>;
}

function renderPanel() {
  return renderAt(
    '/admin/dashboard',
    <AdminSessionProvider>
      <Routes>
        <Route path="/admin/login" element={<LoginScreen />} />
        <Route element={<RequireSignIn />}>
          <Route path="/admin/dashboard" element={<Panel />} />
        </Route>
      </Routes>
    </AdminSessionProvider>,
  );
}

describe('The admin session', () => {
  it('shows "Checking your session…" until the server answers, then the panel for the admin it names', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderPanel();
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    held.send(json(200, { admin: ANN }));
    expect(await screen.findByRole('heading', { name: 'Signed in as Ann Officer' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/session']);
    // Kept for a start with no signal.
    expect(rememberedAdmin()).toEqual(ANN);
  });

  it('sends an admin the server does not know to sign in, forgetting the admin this device kept', async () => {
    rememberAdmin(ANN);
    serve(() => json(401, { error: 'Not signed in' }));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(rememberedAdmin()).toBeNull();
  });

  it('opens the panel with no signal for the admin last signed in on this device', async () => {
    rememberAdmin(ANN);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Signed in as Ann Officer' })).toBeTruthy();
  });

  it('checks the session even after the browser said it went offline, instead of waiting on "Checking your session…"', async () => {
    rememberAdmin(ANN);
    onlineManager.setOnline(false);
    try {
      serve(() => {
        throw new TypeError('Failed to fetch');
      });
      renderPanel();
      expect(await screen.findByRole('heading', { name: 'Signed in as Ann Officer' })).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('with no signal and nobody kept on the device, asks to sign in', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
  });

  it('ends the session when any call answers 401, without asking the server again', async () => {
    const calls = serve(({ path }) => (path === '/api/admin/session' ? json(200, { admin: ANN }) : json(401, { error: 'Not signed in' })));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Open events' }));
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/session', 'GET /api/admin/events']);
    expect(rememberedAdmin()).toBeNull();
  });

  it('signs out at the server, forgets the admin and says so on the sign-in page', async () => {
    const calls = serve(({ method }) => (method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { admin: ANN })));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Signed out: sign in again' })).toBeTruthy();
    await waitFor(() => expect(calls).toEqual(['GET /api/admin/session', 'DELETE /api/admin/session']));
    expect(rememberedAdmin()).toBeNull();
  });

  it('asks the server again when the page comes back from the back-forward cache', async () => {
    let signedIn = true;
    const calls = serve(() => (signedIn ? json(200, { admin: ANN }) : json(401, { error: 'Not signed in' })));
    renderPanel();
    await screen.findByRole('heading', { name: 'Signed in as Ann Officer' });
    signedIn = false; // signed out in another tab
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/session', 'GET /api/admin/session']);
  });
});

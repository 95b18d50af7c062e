import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@core/admin-accounts/create-admin';
import { PERMISSIONS } from '@core/admins/admin';
import { AdminSessionProvider } from '../../../../web/src/admin/session/components/admin-session';
import { RequireSignIn } from '../../../../web/src/admin/session/components/require-admin';
import { AdminsPage } from '../../../../web/src/features/admins/admin/components/admins-page';
import { json, renderAt, serve, type FakeServer, heldAnswer, pressOnceWhileHeld } from '../../../support/component/render';

// happy-dom's table sections have no `rows`, which the admin tables read for their phone layout.
if (!('rows' in HTMLTableSectionElement.prototype)) {
  Object.defineProperty(HTMLTableSectionElement.prototype, 'rows', {
    get(this: HTMLTableSectionElement) {
      return this.querySelectorAll(':scope > tr');
    },
  });
}

const ANN = { uid: 'adm-ann', email: 'ann@club.example', name: 'Ann Officer', role: 'admin', permissions: [...PERMISSIONS] };
const BOB_ADDED = {
  uid: 'adm-bob',
  email: 'bob@club.example',
  name: 'Bob Helper',
  role: 'admin',
  permissions: ['events:read'],
  disabled: false,
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** The admins screen for an admin who may manage them; `create` answers Add Admin. */
function renderPage(create: FakeServer) {
  const bodies: unknown[] = [];
  const calls = serve((request) => {
    if (request.path === '/api/admin/session') return json(200, { admin: ANN });
    if (request.method === 'GET') return json(200, { admins: [{ ...ANN, disabled: false, createdAt: '2026-01-01T10:00:00.000Z' }] });
    bodies.push(request.body);
    return create(request);
  });
  renderAt(
    '/admin/admins',
    <AdminSessionProvider>
      <Routes>
        <Route element={<RequireSignIn />}>
          <Route path="/admin/admins" element={<AdminsPage />} />
        </Route>
      </Routes>
    </AdminSessionProvider>,
  );
  return { posts: () => calls.filter((call) => call.startsWith('POST')), bodies };
}

async function fill() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Bob Helper');
  await userEvent.type(screen.getByLabelText('Email'), 'bob@club.example');
  await userEvent.type(screen.getByLabelText('Initial password'), 'a long enough password');
}

describe('Add an Admin', () => {
  it('sends the new admin and says so', async () => {
    const { posts, bodies } = renderPage(() => json(201, { admin: BOB_ADDED }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(await screen.findByText('Admin bob@club.example added.')).toBeTruthy();
    expect(posts()).toEqual(['POST /api/admin/admins']);
    expect(bodies[0]).toMatchObject({ name: 'Bob Helper', email: 'bob@club.example', password: 'a long enough password' });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the request schema's message at a submit, focuses the field, sends nothing, and clears it as it changes", async () => {
    const { posts } = renderPage(() => json(201, { admin: BOB_ADDED }));
    await userEvent.type(await screen.findByLabelText('Email'), 'bob@club.example');
    await userEvent.type(screen.getByLabelText('Initial password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    const name = screen.getByLabelText('Name');
    expect(await screen.findByText(ADMIN_MESSAGES.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toBe('adm-new-name-error');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(posts()).toEqual([]);
    await userEvent.type(name, 'B');
    expect(screen.queryByText(ADMIN_MESSAGES.nameRequired)).toBeNull();
  });

  it("shows the server's refusal (the e-mail taken) beside the e-mail", async () => {
    renderPage(() => json(409, { error: 'An admin with this e-mail exists already' }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect((await screen.findByText('An admin with this e-mail exists already')).id).toBe('adm-new-email-error');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('adds once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await fill();
    await pressOnceWhileHeld(screen, held, { submit: 'Add Admin', busy: 'Adding…', disabled: 'fieldset', answer: json(201, { admin: BOB_ADDED }) });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(posts()).toEqual(['POST /api/admin/admins']);
  });
});

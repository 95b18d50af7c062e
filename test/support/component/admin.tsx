import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Permission } from '../../../core/admins/admin';
import { SessionResponseSchema } from '../../../core/contract/admin-api-schema';
import { AdminSessionProvider } from '../../../web/src/admin/session/components/admin-session';
import { RequireSignIn } from '../../../web/src/admin/session/components/require-admin';
import { anAdmin } from '../entities';
import { json, renderAt, serve, type FakeServer } from './render';

/**
 * The fake server of an admin screen: GET /api/admin/session answers a signed-in admin holding
 * `permissions`, every other call goes to `server`. Returns those other calls, in order.
 */
export function serveAdmin(permissions: readonly Permission[], server: FakeServer): string[] {
  const admin = SessionResponseSchema.parse({ admin: anAdmin({ permissions: [...permissions] }) }).admin;
  const calls: string[] = [];
  serve((request) => {
    if (request.method === 'GET' && request.path === '/api/admin/session') return json(200, { admin });
    calls.push(`${request.method} ${request.path}`);
    return server(request);
  });
  return calls;
}

/** Renders an admin screen as the panel does: behind the sign-in guard, at `path` matching `route`. */
export function renderAdminAt(path: string, route: string, screen: ReactElement) {
  return renderAt(
    path,
    <AdminSessionProvider>
      <Routes>
        <Route path="/admin/login" element={<h1>Admin Sign In</h1>} />
        <Route element={<RequireSignIn />}>
          <Route path={route} element={screen} />
        </Route>
      </Routes>
    </AdminSessionProvider>,
  );
}

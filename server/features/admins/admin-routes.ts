import { LoginFormSchema, type Admin } from '../../../core/admins/admin';
import { CreateAdmin, CreateAdminRequestSchema } from '../../../core/admin-accounts/create-admin';
import { ListAdmins } from '../../../core/admins/list-admins';
import { SignIn } from '../../../core/admins/sign-in';
import { UpdateAdmin, UpdateAdminRequestSchema } from '../../../core/admin-accounts/update-admin';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { AdminResponseSchema, AdminsResponseSchema, SessionResponseSchema, UidParamsSchema } from '../../http/api-schemas';
import { callerAddress, clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../../http/auth';

/** The area of the admin panel in the OpenAPI document; each route names its own permission. */
const SESSION = { tag: 'admin session' } as const;
const ACCOUNTS = { tag: 'admin accounts' } as const;

function sessionAdmin(admin: Pick<Admin, 'uid' | 'email' | 'name' | 'role' | 'permissions'>) {
  return { uid: admin.uid, email: admin.email, name: admin.name, role: admin.role, permissions: admin.permissions };
}

export function registerAdminRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/session',
    operationId: 'adminSignIn',
    summary: 'Sign in; sets the session cookie',
    ...SESSION,
    access: 'public',
    body: LoginFormSchema,
    responses: {
      200: { description: 'Signed in', schema: SessionResponseSchema },
      401: { description: '"Invalid email or password" (also for a disabled admin, whatever the password)' },
      403: { description: '"Access denied. You do not have admin privileges." for a user with no admin record (or a cross-site request)' },
      429: { description: '"Too many failed login attempts. Please try again later."' },
      502: { description: '"Login failed. Please try again."' },
    },
    handler: async ({ body, req, res }) => {
      const result = await ports.useCase(SignIn).execute(body, { ip: callerAddress(req) });
      setSessionCookie(req, res, result.token, result.expiresAt.getTime() - ports.get('clock').now().getTime());
      return reply(200, { admin: sessionAdmin(result.admin) });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/session',
    operationId: 'adminGetSession',
    summary: 'The signed-in admin',
    ...SESSION,
    access: 'signed-in',
    responses: { 200: { description: 'Signed in', schema: SessionResponseSchema } },
    handler: async ({ admin }) => reply(200, { admin: sessionAdmin(admin) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/session',
    operationId: 'adminSignOut',
    summary: 'Sign out: ends the session and clears the cookie',
    ...SESSION,
    access: 'public',
    responses: { 204: { description: 'Signed out' } },
    handler: async ({ req, res }) => {
      const token = readCookie(req, SESSION_COOKIE);
      if (token) await ports.get('identity').revokeSession(token);
      clearSessionCookie(req, res);
      return reply(204);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/admins',
    operationId: 'adminListAdmins',
    summary: 'Every admin account with role and permissions',
    ...ACCOUNTS,
    access: 'signed-in',
    responses: { 200: { description: 'Admins', schema: AdminsResponseSchema } },
    handler: async ({ admin }) => reply(200, { admins: await ports.useCase(ListAdmins).execute(admin) }),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/admins',
    operationId: 'adminCreateAdmin',
    summary: 'Add an admin account',
    ...ACCOUNTS,
    access: { action: 'admins.manage' },
    body: CreateAdminRequestSchema,
    responses: { 201: { description: 'Created', schema: AdminResponseSchema }, 409: { description: 'The e-mail is taken' } },
    handler: async ({ admin, body }) => reply(201, { admin: await ports.useCase(CreateAdmin).execute(admin, body) }),
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/admins/:uid',
    operationId: 'adminUpdateAdmin',
    summary: "Change an admin's name or permissions, or disable or enable the account",
    ...ACCOUNTS,
    access: { action: 'admins.manage' },
    params: UidParamsSchema,
    body: UpdateAdminRequestSchema,
    responses: {
      200: { description: 'Updated', schema: AdminResponseSchema },
      404: { description: 'No such admin' },
      400: { description: 'Bad input, or an admin disabling themself or removing their own admins:manage' },
    },
    handler: async ({ admin, params, body }) => reply(200, { admin: await ports.useCase(UpdateAdmin).execute(admin, params.uid, body) }),
  });
}

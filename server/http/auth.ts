import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Admin } from '../../core/admins/admin';
import { requirePermission } from '../../core/admins/permissions';
import { PermissionError, UnauthenticatedError } from '../../core/shared/errors';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import type { IdentityProvider } from '../../core/admins/identity-provider.port';
import type { Access } from './api-routes';

export const SESSION_COOKIE = 'kyc_session';

/** Reads one cookie from the Cookie header without trusting its shape. */
export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * `maxAgeMs` is the session's remaining life by the server's clock; a relative Max-Age keeps the
 * cookie right even when the browser's clock disagrees with the server's.
 */
export function setSessionCookie(req: Request, res: Response, token: string, maxAgeMs: number): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: Math.max(0, maxAgeMs) });
}

/**
 * The caller's address, which the sign-in and password-reset limits key on: req.ip honours
 * TRUST_PROXY, so behind a proxy it is the real caller's.
 */
export function callerAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

/**
 * Finds the signed-in admin from the session cookie: the identity provider vouches for the
 * session, then the admin record must exist and be enabled.
 */
export function authenticator(deps: { identity: IdentityProvider; admins: AdminRepository }): (access: Exclude<Access, 'public'>) => RequestHandler {
  return (access) => async (req: Request, res: Response, next: NextFunction) => {
    const admin = await currentAdmin(req, deps);
    if (!admin) throw new UnauthenticatedError('Please sign in');
    if (typeof access === 'object') requirePermission(admin, access.action);
    res.locals.admin = admin;
    next();
  };
}

export async function currentAdmin(req: Request, deps: { identity: IdentityProvider; admins: AdminRepository }): Promise<Admin | null> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  // The admin record is read alongside the rest of the session's check, not after it.
  const found = await deps.identity.verifySessionWith(token, (uid) => deps.admins.getByUid(uid));
  const admin = found?.loaded;
  if (!admin || admin.disabled) return null;
  return admin;
}

/**
 * The admin whose session came with a member's request, if any, for the audit log to name (a
 * member's link used while signed in to the panel). Never fails the member's request: a session
 * that cannot be checked counts as none.
 */
export async function adminBehind(
  req: Request,
  ports: { get(name: 'identity'): IdentityProvider; get(name: 'admins'): AdminRepository },
): Promise<Admin | null> {
  return currentAdmin(req, { identity: ports.get('identity'), admins: ports.get('admins') }).catch(() => null);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for the admin API: a state-changing request must carry
 * `X-Requested-With: fetch` (a cross-site page cannot add it without a CORS preflight, which is
 * never granted) and, when the browser names an Origin, it must be this site.
 */
export const csrfGuard: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) {
    next();
    return;
  }
  if (req.get('x-requested-with') !== 'fetch') {
    throw new PermissionError('This request must be sent by the members area (missing X-Requested-With: fetch)');
  }
  const origin = req.get('origin');
  if (origin !== undefined && !isSameSite(origin, req.get('host'))) {
    throw new PermissionError('Cross-site requests are not allowed');
  }
  next();
};

function isSameSite(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

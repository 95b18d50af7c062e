import type { Request, RequestHandler, Response } from 'express';
import { CurrentMember } from '../../core/member-sign-in/current-member';
import type { Member } from '../../core/members/member';
import { UnauthenticatedError } from '../../core/shared/errors';
import type { AppContainer } from '../container';
import { readCookie } from './auth';

/** The members' session cookie: apart from the admins' `kyc_session`, so neither is ever taken for the other. */
export const MEMBER_SESSION_COOKIE = 'kyc_member';

function cookieOptions(req: Request) {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' } as const;
}

export function setMemberCookie(req: Request, res: Response, token: string, maxAgeMs: number): void {
  res.cookie(MEMBER_SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: Math.max(0, maxAgeMs) });
}

/** Takes the member session cookie away (signed out, or their data erased). */
export function clearMemberCookie(req: Request, res: Response): void {
  res.clearCookie(MEMBER_SESSION_COOKIE, cookieOptions(req));
}

/** The token of the member session cookie the request came with, if any. */
export function memberSessionToken(req: Request): string | null {
  return readCookie(req, MEMBER_SESSION_COOKIE);
}

/** The member the request's session cookie signs in, fresh from the member list (disabled: none), or null. */
export async function currentMemberOf(ports: AppContainer, req: Request): Promise<Member | null> {
  return ports.useCase(CurrentMember).execute(memberSessionToken(req));
}

/**
 * The access check of routes declared `access: 'member'` (the member's own routes, /api/my/...):
 * the signed-in member in `res.locals.member` for the handler, else 401 "Please sign in".
 */
export function memberAuthenticator(ports: AppContainer): RequestHandler {
  return async (req, res, next) => {
    const member = await currentMemberOf(ports, req);
    if (!member) throw new UnauthenticatedError();
    res.locals.member = member;
    next();
  };
}

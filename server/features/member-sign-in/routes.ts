import type { Request, Response } from 'express';
import { CheckSignInCode } from '../../../core/member-sign-in/check-sign-in-code';
import { CurrentMember, signedInMember } from '../../../core/member-sign-in/current-member';
import { MemberSessionAnswerSchema, SignInCodeCheckSchema, SignInCodeRequestSchema, SignInMessageSchema } from '../../../core/member-sign-in/member-sign-in';
import { RequestSignInCode } from '../../../core/member-sign-in/request-sign-in-code';
import { SignOutEverywhere, SignOutMember } from '../../../core/member-sign-in/sign-out-member';
import { MemberPasskeys, PasskeyRegistration } from '../../../core/member-sign-in/passkey-registration';
import { PasskeySignIn } from '../../../core/member-sign-in/passkey-sign-in';
import {
  PASSKEY_MESSAGES,
  PasskeyAuthenticationResponseSchema,
  PasskeyIdSchema,
  PasskeyListSchema,
  PasskeyOptionsAnswerSchema,
  PasskeyRegistrationResponseSchema,
  PasskeyViewSchema,
} from '../../../core/member-sign-in/passkeys';
import { RENEWAL_LINK_MESSAGES, RenewalLinkSignIn } from '../../../core/member-sign-in/renewal-link-sign-in';
import { LinkTokenRequestSchema } from '../../../core/shared/link-token';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';
import { callerAddress } from '../../http/auth';
import { clearMemberCookie, memberSessionToken, setMemberCookie } from '../../http/member-session';

/** Signs the member in on this browser (the session cookie, for as long as the session lasts) and answers with the member. */
function signedInAnswer<M>(ports: AppContainer, req: Request, res: Response, signedIn: { token: string; expiresAt: Date; member: M }) {
  setMemberCookie(req, res, signedIn.token, signedIn.expiresAt.getTime() - ports.get('clock').now().getTime());
  return reply(200, { member: signedIn.member });
}

const TAG = 'member session';

/** Members' passwordless sign-in (docs/member-sign-in.md): every route is open to anyone, as a sign-in must be. */
export function registerMemberSignInRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/member/sign-in/code',
    operationId: 'requestMemberSignInCode',
    summary: "E-mails a 6-digit sign-in code and a link to the sign-in page to a member on the club's list (the same answer for any address)",
    tag: TAG,
    access: 'public',
    body: SignInCodeRequestSchema,
    responses: {
      200: { description: '"If that address is on the club\'s member list, we have sent it…", whoever the address belongs to', schema: SignInMessageSchema },
      400: { description: 'No e-mail, or not an e-mail address' },
      403: CROSS_SITE,
      429: {
        description:
          '"Too many sign-in requests. Please try again later." (per client address, and per e-mail from one address); or "Too many wrong codes have been tried for this e-mail address today…" (the daily cap of wrong codes)',
      },
    },
    handler: async ({ body, req }) => reply(200, await ports.useCase(RequestSignInCode).execute(body, { ip: callerAddress(req) })),
  });

  routes.add({
    method: 'post',
    path: '/api/member/sign-in',
    operationId: 'signInMemberWithCode',
    summary: 'Signs a member in with the e-mailed code: sets the member session cookie (HttpOnly, SameSite=Lax, 30 days)',
    tag: TAG,
    access: 'public',
    body: SignInCodeCheckSchema,
    responses: {
      200: { description: 'Signed in: the member, with the session cookie `kyc_member` set', schema: MemberSessionAnswerSchema },
      400: { description: 'Bad input, or "That code is not valid…" (wrong, used, expired, or never sent: one answer)' },
      403: CROSS_SITE,
      429: {
        description:
          '"Too many sign-in attempts. Please try again later." (per client address, and 5 wrong codes per e-mail from one address); or "Too many wrong codes have been tried for this e-mail address today…" (100 wrong codes for the e-mail in 24 hours, from anywhere)',
      },
    },
    handler: async ({ body, req, res }) => signedInAnswer(ports, req, res, await ports.useCase(CheckSignInCode).execute(body, { ip: callerAddress(req) })),
  });

  routes.add({
    method: 'post',
    path: '/api/member/sign-in/renewal-link',
    operationId: 'signInMemberWithRenewalLink',
    summary:
      "Signs a member in with a renewal reminder's link (its token, sent by the landing page's button, never by a GET): sets the member session cookie, as a code does. The link works until it expires, 14 days after its mail",
    tag: TAG,
    access: 'public',
    body: LinkTokenRequestSchema,
    responses: {
      200: { description: 'Signed in: the member, with the session cookie `kyc_member` set', schema: MemberSessionAnswerSchema },
      400: {
        description: `Bad input, or "${RENEWAL_LINK_MESSAGES.expired}", "${RENEWAL_LINK_MESSAGES.invalid}" (forged or altered), "${RENEWAL_LINK_MESSAGES.emailChanged}" or "${RENEWAL_LINK_MESSAGES.disabled}"`,
      },
      403: CROSS_SITE,
      429: { description: `"${RENEWAL_LINK_MESSAGES.tooMany}" (per client address)` },
    },
    handler: async ({ body, req, res }) => signedInAnswer(ports, req, res, await ports.useCase(RenewalLinkSignIn).execute(body, { ip: callerAddress(req) })),
  });

  routes.add({
    method: 'get',
    path: '/api/member/session',
    operationId: 'getSignedInMember',
    summary: 'The member the session cookie signs in, or null (a visitor, an expired session, a disabled member)',
    tag: TAG,
    access: 'public',
    responses: { 200: { description: 'The signed-in member, or `member: null`', schema: MemberSessionAnswerSchema } },
    handler: async ({ req, res }) => {
      const member = await ports.useCase(CurrentMember).execute(memberSessionToken(req));
      // A cookie that signs no one in any more is taken away.
      if (!member && memberSessionToken(req) !== null) clearMemberCookie(req, res);
      return reply(200, { member: member ? signedInMember(member) : null });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/member/sign-out',
    operationId: 'signOutMember',
    summary: "Ends the member's session and clears its cookie (signed in or not)",
    tag: TAG,
    access: 'public',
    responses: { 204: { description: 'Signed out' }, 403: CROSS_SITE },
    handler: async ({ req, res }) => {
      await ports.useCase(SignOutMember).execute(memberSessionToken(req));
      clearMemberCookie(req, res);
      return reply(204);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/member/sign-out-everywhere',
    operationId: 'signOutMemberEverywhere',
    summary: "Ends every session of the signed-in member, on every device, and clears this one's cookie",
    tag: TAG,
    access: 'member',
    responses: { 204: { description: 'Signed out everywhere: the other devices find no member at their next request' }, 403: CROSS_SITE },
    handler: async ({ req, res, member }) => {
      await ports.useCase(SignOutEverywhere).execute(member);
      clearMemberCookie(req, res);
      return reply(204);
    },
  });

  registerPasskeyRoutes(routes, ports);
}

const PASSKEY_TAG = 'member passkeys';

/**
 * Members' passkeys (docs/member-sign-in.md, "Passkeys"): sign-in with one is open to anyone;
 * adding, listing and removing are members' routes (access 'member': a member session).
 */
function registerPasskeyRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/member/sign-in/passkey/options',
    operationId: 'startMemberPasskeySignIn',
    summary:
      "Starts a sign-in with a passkey: the options for the browser's navigator.credentials.get() (a challenge that works once within 5 minutes; any of the site's passkeys)",
    tag: TAG,
    access: 'public',
    responses: {
      200: { description: 'PublicKeyCredentialRequestOptionsJSON under `options`', schema: PasskeyOptionsAnswerSchema },
      403: CROSS_SITE,
      429: { description: '"Too many sign-in attempts. Please try again later." (per client address)' },
    },
    handler: async ({ req }) => reply(200, await ports.useCase(PasskeySignIn).options({ ip: callerAddress(req) })),
  });

  routes.add({
    method: 'post',
    path: '/api/member/sign-in/passkey',
    operationId: 'signInMemberWithPasskey',
    summary: "Signs a member in with the browser's passkey answer (AuthenticationResponseJSON): sets the member session cookie, as a code does",
    tag: TAG,
    access: 'public',
    body: PasskeyAuthenticationResponseSchema,
    responses: {
      200: { description: 'Signed in: the member, with the session cookie `kyc_member` set', schema: MemberSessionAnswerSchema },
      400: {
        description: `Bad input, or "${PASSKEY_MESSAGES.signInRefused}" (unknown passkey, used or expired challenge, bad signature, disabled member: one answer)`,
      },
      403: CROSS_SITE,
    },
    handler: async ({ body, req, res }) => signedInAnswer(ports, req, res, await ports.useCase(PasskeySignIn).execute(body, { ip: callerAddress(req) })),
  });

  routes.add({
    method: 'get',
    path: '/api/member/passkeys',
    operationId: 'listMemberPasskeys',
    summary: "The signed-in member's passkeys, oldest first",
    tag: PASSKEY_TAG,
    access: 'member',
    responses: { 200: { description: 'The passkeys (credential id, added, last used)', schema: PasskeyListSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(MemberPasskeys).list(member)),
  });

  routes.add({
    method: 'post',
    path: '/api/member/passkeys/options',
    operationId: 'startMemberPasskeyRegistration',
    summary: 'Starts adding a passkey for the signed-in member: the options for navigator.credentials.create() (a challenge that works once within 5 minutes)',
    tag: PASSKEY_TAG,
    access: 'member',
    responses: {
      200: { description: 'PublicKeyCredentialCreationOptionsJSON under `options`', schema: PasskeyOptionsAnswerSchema },
      403: CROSS_SITE,
      409: { description: `"${PASSKEY_MESSAGES.tooManyPasskeys}"` },
      429: { description: `"${PASSKEY_MESSAGES.tooManyRegistrations}" (per member)` },
    },
    handler: async ({ member }) => reply(200, await ports.useCase(PasskeyRegistration).options(member)),
  });

  routes.add({
    method: 'post',
    path: '/api/member/passkeys',
    operationId: 'addMemberPasskey',
    summary: 'Adds the passkey the browser created (RegistrationResponseJSON) to the signed-in member',
    tag: PASSKEY_TAG,
    access: 'member',
    body: PasskeyRegistrationResponseSchema,
    responses: {
      201: { description: 'The passkey added', schema: PasskeyViewSchema },
      400: { description: `Bad input, or "${PASSKEY_MESSAGES.registrationRefused}" (did not verify, or its challenge was used, expired or another member's)` },
      403: CROSS_SITE,
      409: { description: `"${PASSKEY_MESSAGES.alreadyAdded}", or "${PASSKEY_MESSAGES.tooManyPasskeys}"` },
    },
    handler: async ({ body, member }) => reply(201, await ports.useCase(PasskeyRegistration).execute(member, body)),
  });

  routes.add({
    method: 'delete',
    path: '/api/member/passkeys/:id',
    operationId: 'removeMemberPasskey',
    summary: "Removes one of the signed-in member's passkeys (it no longer signs in) and ends the sessions it opened",
    tag: PASSKEY_TAG,
    access: 'member',
    params: PasskeyIdSchema,
    responses: {
      204: { description: 'Removed' },
      400: { description: 'Not a credential id' },
      403: CROSS_SITE,
      404: { description: `"${PASSKEY_MESSAGES.notFound}"` },
    },
    handler: async ({ params, member }) => {
      await ports.useCase(MemberPasskeys).remove(member, params);
      return reply(204);
    },
  });
}

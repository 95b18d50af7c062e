import type { MemberRepository } from '../members/member-repository.port';
import { readRenewalLinkSubject, renewalLinkSubject, type RenewalLinks } from '../membership/membership-reminder-mail';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { Clock } from '../shared/clock.port';
import { RateLimitError, ValidationError } from '../shared/errors';
import { LinkTokenRequestSchema } from '../shared/link-token';
import { parseInput } from '../shared/parse-input';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import type { MemberSignedIn } from './check-sign-in-code';
import { signedInMember } from './current-member';
import { MEMBER_SESSION_TTL_MS } from './member-sign-in';
import type { MemberSessionRepository } from './member-session-repository.port';
import type { SignInKeys } from './sign-in-keys.port';

/** Renewal-link sign-ins from one address in RENEWAL_LINK_WINDOW_MS: as many as passkey sign-ins. */
export const MAX_RENEWAL_LINK_SIGN_INS_PER_ADDRESS = 50;
export const RENEWAL_LINK_WINDOW_MS = 3_600_000;

/** What a refused renewal link answers: each says what to do instead. */
export const RENEWAL_LINK_MESSAGES = {
  expired: 'This sign-in link has expired. Please sign in with your e-mail instead.',
  invalid: 'This sign-in link is not valid. Please sign in with your e-mail instead.',
  emailChanged: 'This sign-in link was sent to an e-mail address you no longer use. Please sign in with your e-mail instead.',
  disabled: 'Your membership is disabled. Please contact the club.',
  tooMany: 'Too many sign-in attempts. Please try again later.',
} as const;

/** The rate-limit key of renewal-link sign-ins from one address: apart from codes' and passkeys'. */
export function renewalLinkSignInKey(ip: string): string {
  return `member-renewal-link-ip:${ip}`;
}

export interface RenewalLinkSignInDeps {
  members: MemberRepository;
  memberSessions: MemberSessionRepository;
  addressLimits: AddressLimitStore;
  renewalLinks: RenewalLinks;
  signInKeys: SignInKeys;
  secrets: SecretTokens;
  clock: Clock;
}

/**
 * Signs a member in with a renewal reminder's link (docs/member-sign-in.md, "Renewal links"): only
 * by the landing page's POST, never by the GET a mail scanner may fetch. The link is signed for
 * one member and one e-mail and works, as often as needed, until it expires (RENEWAL_LINK_DAYS);
 * refused once the member's e-mail changed, or the member is disabled (or erased) or gone. A
 * session is then created exactly as a code sign-in creates one. Counted per address, as passkey
 * sign-ins are.
 */
export class RenewalLinkSignIn extends UseCase<RenewalLinkSignInDeps> {
  async execute(request: unknown, context: { ip: string }): Promise<MemberSignedIn> {
    const { token } = parseInput(LinkTokenRequestSchema, request);
    const now = this.deps.clock.now();
    const { hits } = await this.deps.addressLimits.hit(renewalLinkSignInKey(context.ip), RENEWAL_LINK_WINDOW_MS, now);
    if (hits > MAX_RENEWAL_LINK_SIGN_INS_PER_ADDRESS) throw new RateLimitError(RENEWAL_LINK_MESSAGES.tooMany);
    const subject = this.deps.renewalLinks.read(token, now);
    if (subject === null) {
      // Signed but past its expiry, or not ours at all: read at the epoch, only the signature counts.
      throw refused(this.deps.renewalLinks.read(token, new Date(0)) === null ? 'invalid' : 'expired');
    }
    const named = readRenewalLinkSubject(subject);
    if (named === null) throw refused('invalid');
    const member = await this.deps.members.get(named.memberId);
    if (!member) throw refused('invalid');
    if (member.disabled) throw refused('disabled');
    if (renewalLinkSubject(member.id, this.deps.signInKeys.emailKey(member.email)) !== subject) throw refused('emailChanged');
    // A sign-in that worked is no failure: it stops counting against the address.
    await this.deps.addressLimits.unhit(renewalLinkSignInKey(context.ip));

    const sessionToken = this.deps.secrets.generate();
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_TTL_MS);
    await this.deps.memberSessions.create({
      tokenHash: this.deps.secrets.hash(sessionToken),
      uid: member.id,
      passkeyId: null,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token: sessionToken, expiresAt, member: signedInMember(member) };
  }
}

function refused(why: keyof typeof RENEWAL_LINK_MESSAGES): ValidationError {
  return new ValidationError(RENEWAL_LINK_MESSAGES[why]);
}

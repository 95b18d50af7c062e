import { z } from 'zod';
import type { AttemptHistory } from '../admins/login-attempt-store.port';
import { InstantSchema } from '../shared/instant';

/**
 * The rules of members' passwordless sign-in (docs/member-sign-in.md, ADR 0035): an
 * e-mailed 6-digit code, valid 10 minutes and 5 tries, of which only a hash is stored; a
 * server-side member session of 30 days. Apart from the use cases, so the browser can load it.
 */

/** A code works for ten minutes after it was last e-mailed. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
/** A member session lasts 30 days from sign-in (spec decisions, 2026-11-25). */
export const MEMBER_SESSION_TTL_MS = 30 * 24 * 3_600_000;

/**
 * The limits are keyed as the admins' sign-in's are (ADR 0027): by the e-mail together with the
 * client address, and by the address alone, never by the e-mail alone, so requests and wrong
 * codes from other addresses never stop a member's own (docs/member-sign-in.md). Only the daily
 * cap of failed codes counts the e-mail from everywhere.
 */
/** At most this many code requests for one e-mail (any case) from one client address in the window… */
export const MAX_CODE_REQUESTS_PER_EMAIL_AND_ADDRESS = 5;
/** …and this many from one client address, whatever the e-mails. */
export const MAX_CODE_REQUESTS_PER_ADDRESS = 20;
/** At most this many code checks from one client address in the window, whatever the e-mails. */
export const MAX_CODE_CHECKS_PER_ADDRESS = 50;
/** At most this many wrong codes for one e-mail from one client address in the window. */
export const MAX_WRONG_CODES_PER_EMAIL_AND_ADDRESS = 5;
export const CODE_REQUEST_WINDOW_MS = 3_600_000;
/**
 * At most this many wrong codes for one e-mail, from anywhere, in the last 24 hours (NIST SP
 * 800-63B allows at most 100): then no code is checked for it until some age out.
 */
export const MAX_FAILED_CODES_PER_DAY = 100;
export const FAILED_CODE_WINDOW_MS = 24 * 3_600_000;
/**
 * A stored code takes at most this many tries in all, right or wrong: a backstop under the daily
 * cap, which stops guessing first.
 */
export const MAX_CODE_TRIES = MAX_FAILED_CODES_PER_DAY;

/** The member sign-in page, which the e-mailed link opens. */
export const SIGN_IN_PATH = '/sign-in';
/** A signed-in member's own page ("My club"). */
export const MY_CLUB_PATH = '/my';

export const SIGN_IN_MESSAGES = {
  /** The one answer to a code request, whether or not the address is a member's. */
  sent: "If that address is on the club's member list, we have sent it an e-mail with a 6-digit sign-in code. The code works once, within 10 minutes.",
  /** The one refusal of a code: wrong, used, expired, out of tries, or never sent. */
  invalidCode: 'That code is not valid. Please check it, or ask for a new code.',
  tooManyRequests: 'Too many sign-in requests. Please try again later.',
  tooManyChecks: 'Too many sign-in attempts. Please try again later.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  codeRequired: 'Please enter the 6-digit code from the e-mail',
  codeInvalid: 'The code is the 6 digits from the e-mail',
  signedOut: 'You have signed out.',
  /** The daily cap of wrong codes for the e-mail is reached (member or not): code sign-in waits, passkeys do not. */
  tooManyWrongCodes: 'Too many wrong codes have been tried for this e-mail address today. Sign in with a passkey, or ask for a new code tomorrow.',
} as const;

/** The outbox kind of the e-mail telling a member that the daily cap of wrong codes was reached. */
export const SIGN_IN_CAP_MAIL_KIND = 'member-sign-in-cap';

const EmailSchema = z.string().trim().max(320).min(1, SIGN_IN_MESSAGES.emailRequired).pipe(z.email(SIGN_IN_MESSAGES.emailInvalid));

/** "Sign in": the member's e-mail address. */
export const SignInCodeRequestSchema = z.object({ email: EmailSchema });
export type SignInCodeRequest = z.infer<typeof SignInCodeRequestSchema>;

/** A mailed code's field: 6 digits, spaces allowed between them, with the form's own messages. */
export function mailedCodeSchema(messages: { codeRequired: string; codeInvalid: string }) {
  return z
    .string()
    .max(40)
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, messages.codeRequired)
        .regex(/^\d{6}$/, messages.codeInvalid),
    );
}

/** The code form (or the e-mailed link's button): the e-mail and the 6 digits (spaces allowed between them). */
export const SignInCodeCheckSchema = z.object({ email: EmailSchema, code: mailedCodeSchema(SIGN_IN_MESSAGES) });
export type SignInCodeCheck = z.input<typeof SignInCodeCheckSchema>;

/** An answer of one sentence to show. */
export const SignInMessageSchema = z.object({ message: z.string() });
export type SignInMessage = z.infer<typeof SignInMessageSchema>;

/** What the header and My club show of the signed-in member. */
export const SignedInMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The last day (YYYY-MM-DD, London) the membership is current: the booking form prices with it as the server does. */
  renewalDate: z.string(),
});
export type SignedInMember = z.infer<typeof SignedInMemberSchema>;

/** GET /api/member/session: the signed-in member, or null for a visitor. */
export const MemberSessionAnswerSchema = z.object({ member: SignedInMemberSchema.nullable() });
export type MemberSessionAnswer = z.infer<typeof MemberSessionAnswerSchema>;

/** A stored code, as the storage adapters validate what they read back. */
export const SignInCodeSchema = z.object({
  emailHash: z.string().min(1),
  memberId: z.string().min(1),
  codeHash: z.string().min(1),
  // Codes stored before seeds were kept have none: they are never e-mailed again.
  seed: z
    .string()
    .min(1)
    .nullish()
    .transform((seed) => seed ?? null),
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
  tries: z.number().int().min(0),
  usedAt: InstantSchema.nullable(),
});

/** The form of an e-mail the codes and limits key on: trimmed and lower-cased. */
export function signInEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** What the code's hash is taken of: the e-mail with the code, so one code's hash says nothing of another e-mail's. */
export function codeHashInput(email: string, code: string): string {
  return `member-sign-in:${signInEmailKey(email)}:${code}`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Six decimal digits from a random secret (SecretTokens.generate: base64url of random bytes): its
 * first 48 bits modulo 10^6, a bias below one in 10^8.
 */
export function sixDigitCode(randomSecret: string): string {
  let value = 0;
  for (const char of randomSecret.slice(0, 8)) {
    const digit = BASE64URL.indexOf(char);
    if (digit < 0) throw new Error('Not a base64url secret');
    value = value * 64 + digit;
  }
  return String(value % 1_000_000).padStart(6, '0');
}

/**
 * The rate-limit keys of a code request, from the e-mail's key (SignInKeys.emailKey, a keyed
 * hash: no e-mail is stored with the limits) and the client address; apart from the admin
 * sign-in's and reset's keys, so none clears another.
 */
export function codeRequestKeys(emailKey: string, ip: string): { address: string; pair: string } {
  return { address: `member-code-ip:${ip}`, pair: `member-code-pair:${emailKey}|${ip}` };
}

/**
 * The prefix of the keys code requests were once counted under: the e-mail itself. Such
 * attempts are forgotten at start (docs/data-protection.md).
 */
export const RAW_EMAIL_CODE_KEY_PREFIX = 'member-code-email:';

/** The rate-limit key of code checks from one address (an AddressLimitStore key). */
export function codeCheckKey(ip: string): string {
  return `member-check-ip:${ip}`;
}

/** The keys wrong codes count under: the e-mail's key with the address, and the e-mail's key alone (the daily cap). */
export function wrongCodeKeys(emailKey: string, ip: string): { pair: string; account: string } {
  return { pair: `member-code-wrong:${emailKey}|${ip}`, account: `member-code-failed:${emailKey}` };
}

/**
 * Whether one more code request may go ahead. Counted for every address asked about, member or
 * not, so the limit itself says nothing about who is a member.
 */
export function codeRequestAllowed(history: { address: AttemptHistory; pair: AttemptHistory }): boolean {
  return history.address.count < MAX_CODE_REQUESTS_PER_ADDRESS && history.pair.count < MAX_CODE_REQUESTS_PER_EMAIL_AND_ADDRESS;
}

/** Whether this address may try one more code for this e-mail, given its wrong codes in the window. */
export function codeTryAllowed(pair: AttemptHistory): boolean {
  return pair.count < MAX_WRONG_CODES_PER_EMAIL_AND_ADDRESS;
}

/** Whether the e-mail has reached the daily cap, given its wrong codes from everywhere in the last 24 hours. */
export function failedCodeCapReached(failuresInDay: number): boolean {
  return failuresInDay >= MAX_FAILED_CODES_PER_DAY;
}

/**
 * Whether a stored code is e-mailed again rather than replaced: while it has a seed, is unused,
 * unexpired and has tries left. So a request (anyone's) never makes the code in a member's inbox
 * stop working; each e-mail of it gives it ten more minutes.
 */
export function codeStillLive(code: { seed: string | null; usedAt: string | null; expiresAt: string; tries: number }, now: Date): boolean {
  return code.seed !== null && code.usedAt === null && Date.parse(code.expiresAt) > now.getTime() && code.tries < MAX_CODE_TRIES;
}

/** The link the e-mail carries: the sign-in page with the e-mail and code after `#`, which browsers never send to the server. */
export function signInLink(publicBaseUrl: string, email: string, code: string): string {
  return `${publicBaseUrl}${SIGN_IN_PATH}#${new URLSearchParams({ email: signInEmailKey(email), code }).toString()}`;
}

/** A stored passkey, as the storage adapters validate what they read back. */
export const PasskeySchema = z.object({
  credentialId: z.string().min(1).max(1500),
  memberId: z.string().min(1),
  publicKey: z.string().min(1),
  counter: z.number().int().min(0),
  transports: z.array(z.string()),
  createdAt: InstantSchema,
  lastUsedAt: InstantSchema.nullable(),
});

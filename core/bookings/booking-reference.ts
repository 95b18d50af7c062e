import { z } from 'zod';

/**
 * A booking's short reference, said over the phone and typed by an admin: the club's prefix and
 * five characters (`KYC-7F3K9`). The characters leave out 0, O, 1, I, L and U, which are misread
 * or misheard; 30 characters to the power 5 make 24.3 million references. The internal booking id
 * stays as it is (manage links and payments rely on it): the reference is a second, unique key.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_CODE_LENGTH = 5;
/** The prefix when the club's name gives none (the demo club, Kestrel Yacht Club). */
export const DEFAULT_REFERENCE_PREFIX = 'KYC';
/** Tries of a new booking's reference before giving up (each taken one is tried again with the next). */
export const REFERENCE_ATTEMPTS = 12;

export const BOOKING_REFERENCE_MESSAGES = {
  badReference: 'Booking references look like KYC-7F3K9: letters and digits after the dash.',
  notFound: (reference: string) => `No booking has the reference ${reference}.`,
  allTaken: 'No free booking reference was found. Please try again.',
} as const;

/** The stored form: prefix, dash, code. */
export const BookingReferenceSchema = z
  .string()
  .max(20)
  .regex(new RegExp(`^[A-Z]{1,6}-[${REFERENCE_ALPHABET}]{${REFERENCE_CODE_LENGTH}}$`));

/**
 * The prefix of a club's references: the initials of its name's words (letters only, at most
 * four), so "Kestrel Yacht Club" gives KYC. A name giving fewer than two gives KYC.
 */
export function referencePrefix(clubName: string): string {
  // Asked for on every booking with the same name: the last answer is kept.
  if (clubName !== lastPrefix.clubName) lastPrefix = { clubName, prefix: prefixOf(clubName) };
  return lastPrefix.prefix;
}

let lastPrefix = { clubName: '', prefix: DEFAULT_REFERENCE_PREFIX };

function prefixOf(clubName: string): string {
  const initials = clubName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 4);
  return initials.length >= 2 ? initials : DEFAULT_REFERENCE_PREFIX;
}

/**
 * The reference to try for a booking: derived from its id and the attempt (0 first, then 1, 2...
 * after a reference turned out taken), so it is the same on every run and needs no random source
 * of its own (the id is random already).
 */
export function bookingReference(prefix: string, bookingId: string, attempt: number): string {
  let n = hash53(`${bookingId}#${attempt}`) % REFERENCE_ALPHABET.length ** REFERENCE_CODE_LENGTH;
  let code = '';
  for (let i = 0; i < REFERENCE_CODE_LENGTH; i += 1) {
    code = REFERENCE_ALPHABET[n % REFERENCE_ALPHABET.length] + code;
    n = Math.floor(n / REFERENCE_ALPHABET.length);
  }
  return `${prefix}-${code}`;
}

/**
 * A reference as someone typed or said it, in its stored form; null when it cannot be one. Case,
 * spaces and dashes are forgiven (`kyc 7f3k9`, `KYC7F3K9`), and the club's `prefix` may be left
 * out (`7F3K9`). Another prefix (one given before the club's name changed) is read when a space or
 * dash sets it apart from the five characters (`KSC-7F3K9`).
 */
export function parseBookingReference(typed: string, prefix: string): string | null {
  const upper = typed.toUpperCase().trim();
  const other = /^([A-Z]{1,6})[\s\-_.]+(.+)$/.exec(upper);
  if (other && other[1] !== prefix) {
    const reference = `${other[1]}-${other[2].replace(/[\s\-_.]+/g, '')}`;
    if (BookingReferenceSchema.safeParse(reference).success) return reference;
  }
  const compact = upper.replace(/[\s\-_.]+/g, '');
  const code = compact.length === REFERENCE_CODE_LENGTH ? compact : compact.startsWith(prefix) ? compact.slice(prefix.length) : '';
  const reference = `${prefix}-${code}`;
  return BookingReferenceSchema.safeParse(reference).success ? reference : null;
}

/** cyrb53: a small, well-spread 53-bit string hash (not for secrets). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

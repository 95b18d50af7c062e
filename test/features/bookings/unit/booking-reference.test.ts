import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingReference,
  BookingReferenceSchema,
  DEFAULT_REFERENCE_PREFIX,
  parseBookingReference,
  REFERENCE_ALPHABET,
  REFERENCE_CODE_LENGTH,
  referencePrefix,
} from '../../../../core/bookings/booking-reference';

const ids = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 8, maxLength: 64 });
const prefixes = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 1, maxLength: 4 });
const attempts = fc.integer({ min: 0, max: 20 });

describe('booking references', () => {
  it('are the prefix, a dash and five characters of the alphabet, which has no 0, O, 1, I, L or U', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1ILU]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(REFERENCE_ALPHABET.length);
    fc.assert(
      fc.property(prefixes, ids, attempts, (prefix, id, attempt) => {
        const reference = bookingReference(prefix, id, attempt);
        const [head, code] = reference.split('-');
        expect(head).toBe(prefix);
        expect(code).toHaveLength(REFERENCE_CODE_LENGTH);
        for (const c of code) expect(REFERENCE_ALPHABET).toContain(c);
        expect(BookingReferenceSchema.safeParse(reference).success).toBe(true);
      }),
    );
  });

  it('are the same for the same id and attempt, and differ between attempts', () => {
    fc.assert(
      fc.property(ids, attempts, (id, attempt) => {
        expect(bookingReference('KYC', id, attempt)).toBe(bookingReference('KYC', id, attempt));
      }),
    );
    const tries = new Set(Array.from({ length: 12 }, (_, attempt) => bookingReference('KYC', 'C8yhBgPUPbbhXIeTy-U9FA', attempt)));
    expect(tries.size).toBe(12);
  });

  it('read back as stored however typed: any case, spaces and dashes, with or without the prefix', () => {
    fc.assert(
      fc.property(
        prefixes,
        ids,
        attempts,
        fc.boolean(),
        fc.array(fc.constantFrom(' ', '-', '  ', ''), { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        (prefix, id, attempt, lower, gaps, withPrefix) => {
          const reference = bookingReference(prefix, id, attempt);
          const code = reference.split('-')[1];
          let typed = [...(withPrefix ? prefix : ''), ...code].map((c, i) => c + (gaps[i % gaps.length] ?? '')).join('');
          if (lower) typed = typed.toLowerCase();
          expect(parseBookingReference(` ${typed} `, prefix)).toBe(reference);
        },
      ),
    );
  });

  it('refuse text that cannot be a reference: ambiguous characters, wrong length, other symbols', () => {
    for (const typed of [
      '',
      'KYC-7F3K',
      'KYC-7F3K90',
      'KYC-7O3K9',
      'KYC-713K9',
      'KYC-7I3K9',
      'KYC-7L3K9',
      'KYC-7F3K9!',
      'K1C-7F3K9',
      'KYCKYCKYC-7F3K9',
      'ABC7F3K9',
    ])
      expect(parseBookingReference(typed, 'KYC'), typed).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const parsed = parseBookingReference(typed, 'KYC');
        if (parsed !== null) expect(BookingReferenceSchema.safeParse(parsed).success).toBe(true);
      }),
    );
  });

  it('read one given under an earlier prefix when a space or dash sets it apart', () => {
    expect(parseBookingReference('ksc-7f3k9', 'KYC')).toBe('KSC-7F3K9');
    expect(parseBookingReference('KSC 7F 3K9', 'KYC')).toBe('KSC-7F3K9');
    expect(parseBookingReference('7F 3K9', 'KYC')).toBe('KYC-7F3K9');
  });

  it("take the club name's initials as prefix, KYC when it gives none", () => {
    expect(referencePrefix('Kestrel Yacht Club')).toBe('KYC');
    expect(referencePrefix('Royal Lymington Yacht Club')).toBe('RLYC');
    expect(referencePrefix('Écluse sailing-club of the north')).toBe('ESCO');
    expect(referencePrefix('Kestrel')).toBe(DEFAULT_REFERENCE_PREFIX);
    expect(referencePrefix('123')).toBe(DEFAULT_REFERENCE_PREFIX);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        expect(referencePrefix(name)).toMatch(/^[A-Z]{2,4}$/);
      }),
    );
  });
});

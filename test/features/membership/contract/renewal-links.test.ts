import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';
import { renewalLinkSubject, type RenewalLinks } from '../../../../core/membership/membership-reminder-mail';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const NOW = new Date('2027-03-03T09:00:00.000Z');
const subjectArb = fc.tuple(fc.string({ minLength: 1, maxLength: 60 }), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([id, key]) => renewalLinkSubject(id, key));

/** The RenewalLinks contract, for any signer of renewal links. */
function renewalLinksContract(name: string, make: () => RenewalLinks, otherPurpose: () => RenewalLinks) {
  describe(`${name}: the RenewalLinks contract`, () => {
    const links = make();
    it('reads back the subject until the expiry, and null from then on; before its expiry at any earlier moment', () => {
      fc.assert(
        fc.property(subjectArb, fc.integer({ min: 1, max: 10 ** 10 }), (subject, validForMs) => {
          const expiresAt = new Date(NOW.getTime() + validForMs);
          const token = links.issue(subject, expiresAt);
          expect(links.read(token, NOW)).toBe(subject);
          expect(links.read(token, new Date(0))).toBe(subject);
          expect(links.read(token, expiresAt)).toBeNull();
        }),
      );
    });

    it("refuses an altered token, another signer's and another purpose's under the same secret", () => {
      fc.assert(
        fc.property(subjectArb, fc.nat(), (subject, at) => {
          const token = links.issue(subject, new Date(NOW.getTime() + 86_400_000));
          const i = at % token.length;
          const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
          expect(links.read(altered, NOW)).toBeNull();
          expect(links.read(otherPurpose().issue(subject, new Date(NOW.getTime() + 86_400_000)), NOW)).toBeNull();
        }),
      );
    });
  });
}

renewalLinksContract(
  'HmacBookingLinks under the purpose renewal-sign-in',
  () => new HmacBookingLinks(SECRET, 'renewal-sign-in'),
  () => new HmacBookingLinks(SECRET),
);

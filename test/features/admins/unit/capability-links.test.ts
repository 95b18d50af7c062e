import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBookedPath, eventBookingPath, manageBookingPath, offerBookingPath, waitingListPath, workDayWithdrawPath } from '../../../../core/shared/paths';
import { resetPasswordPath } from '../../../../core/admins/password-reset';
import { renewalLinkPath } from '../../../../core/membership/membership-reminder-mail';
import { redactUrl } from '../../../../core/shared/capability-links';

const secret = fc.string({ minLength: 8, maxLength: 60 }).map((s) => `S3cr3t${s}`);

describe('redactUrl', () => {
  it('keeps no secret of any capability link the app builds, in a path or an absolute URL', () => {
    const links = [
      (t: string) => manageBookingPath(t),
      (t: string) => waitingListPath(t),
      (t: string) => workDayWithdrawPath(t),
      (t: string) => offerBookingPath('e1', t),
      (t: string) => eventBookedPath('e1', t),
      (t: string) => eventBookingPath('e1', { step: 'pending', checkoutId: t }),
      (t: string) => resetPasswordPath(t),
      (t: string) => renewalLinkPath(t),
      (t: string) => `/api/payments/checkouts/${encodeURIComponent(t)}`,
    ];
    fc.assert(
      fc.property(secret, fc.constantFrom(...links), fc.boolean(), (token, link, absolute) => {
        const url = absolute ? `https://club.example${link(token)}` : link(token);
        const redacted = redactUrl(url);
        expect(redacted).not.toContain(encodeURIComponent(token).slice(0, 12));
        expect(redacted).not.toContain(new URLSearchParams({ t: token }).toString().slice(2, 14));
        expect(redacted).toContain('[redacted]');
      }),
      { numRuns: 300 },
    );
  });

  it('leaves other addresses as they are', () => {
    for (const url of ['/calendar', '/event-booking?id=e1', '/api/search?q=token', '/news/n1?x=1&y=2', '/api/events/e1']) expect(redactUrl(url)).toBe(url);
  });
});

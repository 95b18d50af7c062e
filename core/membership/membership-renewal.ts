import { addDaysToDate } from '../shared/london-time';
import { LIFE_RENEWAL_DATE, type MembershipCategory } from './membership-category';
import { type MembershipSettings } from './membership-settings';
import { membershipYear, twelveMonthsEnd } from './membership-year';

/** Whether a renewal date is a life member's: the membership is current on every date. */
export function isLifeRenewalDate(renewalDate: string): boolean {
  return renewalDate >= LIFE_RENEWAL_DATE;
}

/**
 * The date a payment made `today` keeps a membership current to (docs/membership.md, "The
 * membership year and renewal dates"). `renewalDate` is the member's current end (null for someone
 * joining); the membership is current up to and including it.
 * - A life category (or a member already for life, or current into the year 9999): `LIFE_RENEWAL_DATE`.
 * - Early (still current, the day of the end included): the year after the current end, counted
 *   from the day after it: on fixed years the end of the membership year containing that day, on
 *   rolling years twelve months from it. Nothing paid for is lost, nothing is paid twice.
 * - Lapsed, on fixed years: the end of the membership year containing today; on rolling years
 *   twelve months from today. Never a past period: the answer is always today or later.
 * - Joining: as lapsed.
 * The answer is fixed when the payment is quoted and applied later with applyRenewal.
 */
export function paysUntil(year: MembershipSettings['year'], category: Pick<MembershipCategory, 'life'>, renewalDate: string | null, today: string): string {
  if (category.life || (renewalDate !== null && isLifeRenewalDate(renewalDate))) return LIFE_RENEWAL_DATE;
  const from = renewalDate !== null && today <= renewalDate ? addDaysToDate(renewalDate, 1) : today;
  // A year later than 9999 has no 'yyyy-MM-dd' date: a membership already running into 9999 is as good as for life.
  if (from.startsWith('9999-')) return LIFE_RENEWAL_DATE;
  return year.kind === 'rolling' ? twelveMonthsEnd(from) : membershipYear(year, from).end;
}

/**
 * What a payment bought, as quoted: the member's new end (from paysUntil). Storage applies it
 * keyed by `paymentId`, in one transaction with marking that payment applied.
 */
export interface PaidRenewal {
  paymentId: string;
  paysUntil: string;
}

/**
 * The member's renewal date once a paid renewal is applied: the later of the current date and what
 * the payment bought. So a renewal never moves a date backwards, and applying the same renewal
 * again (a repeated webhook, the member returning from the payment page at the same moment)
 * changes nothing: it extends once. Renewals applied in any order give the same date, and two
 * writers that both read the old date write the same date for the same renewal; different
 * renewals still need the read and the write in one transaction, or an earlier date could
 * overwrite a later one.
 * `extended` is false when the payment bought nothing beyond the current date (already applied,
 * or the date was moved further meanwhile): storage then writes nothing, and a payment not yet
 * applied that bought nothing is one to refund.
 */
export function applyRenewal(renewalDate: string | null, renewal: Pick<PaidRenewal, 'paysUntil'>): { renewalDate: string; extended: boolean } {
  if (renewalDate !== null && renewalDate >= renewal.paysUntil) return { renewalDate, extended: false };
  return { renewalDate: renewal.paysUntil, extended: true };
}

/** The first day a member may renew: `renewalWindowWeeks` weeks before the end. */
export function renewalOpensOn(settings: Pick<MembershipSettings, 'renewalWindowWeeks'>, renewalDate: string): string {
  return addDaysToDate(renewalDate, -7 * settings.renewalWindowWeeks);
}

/**
 * A membership's status on a London date, for My club and the admin screen:
 * - `life`: a life member's, current on every date;
 * - `current`: current, renewal not yet open;
 * - `renewal-open`: current, and within the renewal window (from renewalOpensOn to the end, both included);
 * - `lapsed`: after the end (renewing is open).
 * Whether the member is disabled is not part of it (docs/members.md).
 */
export type MembershipStatus = 'life' | 'current' | 'renewal-open' | 'lapsed';

/** The membership's status on `today` (see MembershipStatus). */
export function membershipStatus(settings: Pick<MembershipSettings, 'renewalWindowWeeks'>, renewalDate: string, today: string): MembershipStatus {
  if (isLifeRenewalDate(renewalDate)) return 'life';
  if (today > renewalDate) return 'lapsed';
  return today >= renewalOpensOn(settings, renewalDate) ? 'renewal-open' : 'current';
}

/** Whether the member may renew on `today`: within the renewal window before the end, or lapsed; never a life member. */
export function renewalOpen(settings: Pick<MembershipSettings, 'renewalWindowWeeks'>, renewalDate: string, today: string): boolean {
  const status = membershipStatus(settings, renewalDate, today);
  return status === 'renewal-open' || status === 'lapsed';
}

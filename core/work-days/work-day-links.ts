import { withdrawLinkExpiry } from './work-day-mail';
import type { WorkDay, WorkDaySignup } from './work-day';
import { workDayWithdrawPath } from '../shared/paths';
import type { BookingLinks } from '../bookings/booking-links.port';

/**
 * A withdraw link names its work day and sign-up (a removal needs both), signed as a booking's
 * manage link is, under its own purpose ('workday-withdraw'), so no other link opens it.
 */
export function withdrawTokenOf(links: BookingLinks, signup: Pick<WorkDaySignup, 'id' | 'workDayId' | 'submittedAt'>, workDay: Pick<WorkDay, 'date'>): string {
  return links.issue(JSON.stringify([signup.workDayId, signup.id]), withdrawLinkExpiry(signup, workDay));
}

/** The volunteer's withdraw page (path with its signed token). */
export function withdrawPathOf(links: BookingLinks, signup: Pick<WorkDaySignup, 'id' | 'workDayId' | 'submittedAt'>, workDay: Pick<WorkDay, 'date'>): string {
  return workDayWithdrawPath(withdrawTokenOf(links, signup, workDay));
}

/** The work day and sign-up a withdraw token names; null when forged, altered, malformed or expired. */
export function readWithdrawToken(links: BookingLinks, token: string, now: Date): { workDayId: string; signupId: string } | null {
  const named = links.read(token, now);
  if (named === null) return null;
  try {
    const parsed: unknown = JSON.parse(named);
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string' && part !== '')) {
      return { workDayId: parsed[0] as string, signupId: parsed[1] as string };
    }
  } catch {
    // A token signed for this purpose always holds the pair; anything else names nothing.
  }
  return null;
}

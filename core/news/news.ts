import { DATE_TBC } from '../shared/date-text';
import { daysBetweenDates, londonDate, londonLongDate, parseInstant } from '../shared/london-time';

/**
 * How long ago a campaign went out, counted in London calendar days (so an e-mail sent at
 * 23:00 is "Yesterday" at 08:00 the next morning, as members would say it):
 * same day "Today", 1 "Yesterday", 2–6 "N days ago", 7–29 "N weeks ago" ("1 week ago" in the
 * singular), otherwise the long date "6 June 2026". A time in the future (a clock out of step)
 * also shows the long date rather than a negative age.
 */
export function relativeTime(finishedAt: string | null, now: Date): string {
  const sent = parseInstant(finishedAt);
  if (sent === null) return DATE_TBC;
  const days = daysBetweenDates(londonDate(sent), londonDate(now));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  if (days >= 7 && days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  return londonLongDate(sent);
}

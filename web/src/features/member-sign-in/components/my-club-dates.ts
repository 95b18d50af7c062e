/** A start as My club shows it, in UK time; "Date to be confirmed" without one. */
export function myClubWhen(start: string | null): string {
  if (start === null) return 'Date to be confirmed';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(start));
}

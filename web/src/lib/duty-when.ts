const DAY_AND_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** A duty's time in London: "Sat 4 Jul 2026, 10:00 to 17:00". */
export function dutyWhen(duty: { start: string; end: string }): string {
  return `${DAY_AND_TIME.format(new Date(duty.start))} to ${TIME.format(new Date(duty.end))}`;
}

import type { Page } from 'playwright-core';

/** The date and time inputs of one of the event form's date-time groups ("Start Date & Time" …). */
export function dateTimeGroup(page: Page, label: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  return { group, date: group.getByLabel('Date', { exact: true }), time: group.getByLabel('Time', { exact: true }) };
}

/** Types a wall clock ('yyyy-MM-ddTHH:mm') as an admin would: day first, then the 24-hour time. */
export async function fillDateTime(page: Page, label: string, wallClock: string): Promise<void> {
  const [date, time] = wallClock.split('T');
  const [year, month, day] = date.split('-');
  const { date: dateInput, time: timeInput } = dateTimeGroup(page, label);
  await dateInput.fill(`${day}/${month}/${year}`);
  await timeInput.fill(time);
}

/** What the group's two inputs hold, as a wall clock ('yyyy-MM-ddTHH:mm'). */
export async function dateTimeValue(page: Page, label: string): Promise<string> {
  const { date, time } = dateTimeGroup(page, label);
  const [day, month, year] = (await date.inputValue()).split('/');
  return `${year}-${month}-${day}T${await time.inputValue()}`;
}

import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

/** Adds a junior born in this year through My club's Household section, and waits until they are listed. */
export async function addJunior(household: Locator, name: string, yearOfBirth: string): Promise<void> {
  await household.getByLabel('Name').fill(name);
  await household.getByLabel('Year of birth (optional)').fill(yearOfBirth);
  await household.getByRole('button', { name: 'Add to household' }).click();
  await household.getByText(`${name} (Junior, born ${yearOfBirth})`).waitFor();
}

/** Submits the booking form as a signed-in member and answers the booking API's answer, a 201. */
export async function submitBooking(page: Page): Promise<Response> {
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  const answer = await booked;
  expect(answer.status()).toBe(201);
  return answer;
}

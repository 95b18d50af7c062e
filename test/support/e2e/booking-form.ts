import type { Page } from 'playwright-core';

// The public booking form and the test card step, as a member fills them in (docs/bookings.md,
// docs/payments.md), and the admin bookings screen's summary figures.

/** Who books: the lead member's names, e-mail and the number attending, as typed. */
export interface Booker {
  first: string;
  last: string;
  email: string;
  attending: string;
}

/** Fills in and submits this event's booking form on this page. */
export async function bookInBrowser(page: Page, eventId: string, person: Booker): Promise<void> {
  await page.goto(`/event-booking?id=${eventId}`);
  await page.getByLabel('Lead Member First Name *', { exact: true }).fill(person.first);
  await page.getByLabel('Lead Member Last Name *', { exact: true }).fill(person.last);
  await page.getByLabel('Email (optional)', { exact: true }).fill(person.email);
  await page.getByLabel('Total Number Attending *', { exact: true }).fill(person.attending);
  await page.getByRole('button', { name: 'Submit Booking' }).click();
}

/** Pays the card step on this page with the test card that succeeds ("Pay £12.50"), and waits for the success page. */
export async function payByTestCard(page: Page, amount: string): Promise<void> {
  await page.getByRole('form', { name: 'Test mode - no real money is taken' }).getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.getByRole('heading', { name: 'Payment Created Successfully' }).waitFor();
}

/** The figure on the summary card with this label, on an admin bookings screen. */
export async function summaryCard(page: Page, label: string): Promise<string> {
  return page
    .locator('.adm-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .innerText();
}

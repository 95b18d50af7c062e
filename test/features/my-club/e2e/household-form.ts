import type { Locator } from 'playwright-core';

/** Adds a junior born in this year through My club's Household section, and waits until they are listed. */
export async function addJunior(household: Locator, name: string, yearOfBirth: string): Promise<void> {
  await household.getByLabel('Name').fill(name);
  await household.getByLabel('Year of birth (optional)').fill(yearOfBirth);
  await household.getByRole('button', { name: 'Add to household' }).click();
  await household.getByText(`${name} (Junior, born ${yearOfBirth})`).waitFor();
}

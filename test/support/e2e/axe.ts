import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './app-server';
import { screenshot } from './browser';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let cachedSource: string | null = null;
function axeSource(): string {
  cachedSource ??= readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  return cachedSource;
}

/**
 * Runs axe-core (from node_modules, injected into the page) and returns the serious and
 * critical violations, which the tests require to be none.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy (rightly) refuses inline scripts.
  if (!loaded) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    type Check = { message?: string };
    type Result = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; any: Check[]; all: Check[]; none: Check[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // Each node with axe's own words for it (a contrast's colours and ratio), so a failure says what it saw.
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => {
        const said = [...n.any, ...n.all, ...n.none].map((check) => check.message).filter(Boolean);
        return said.length > 0 ? `${n.target.join(' ')} (${said.join('; ')})` : n.target.join(' ');
      }),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per violation, for a failed expectation's message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`).join('\n');
}

/**
 * Saves a full-page screenshot as `screenshotName` (none when null) and expects the page to have
 * no serious or critical axe violation, naming each one found.
 */
export async function expectAccessible(page: Page, name: string, screenshotName: string | null = name): Promise<void> {
  if (screenshotName !== null) await screenshot(page, screenshotName);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${name}:\n${describeViolations(violations)}`).toEqual([]);
}

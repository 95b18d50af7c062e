import type { Page, Route } from 'playwright-core';

/**
 * Routes this page's requests to `url`: the first reaches the server, but its answer is lost on
 * the way back (the connection is reset), as on a dropping mobile connection; the rest go through.
 * Answers the key (`keyOf` the JSON body) of each request sent, in order, as they are sent.
 */
export async function loseFirstAnswer(page: Page, url: string, keyOf: (body: Record<string, unknown>) => unknown): Promise<string[]> {
  const sent: string[] = [];
  let cut = false;
  await page.route(url, async (route: Route) => {
    sent.push(String(keyOf(route.request().postDataJSON())));
    if (!cut) {
      cut = true;
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  return sent;
}

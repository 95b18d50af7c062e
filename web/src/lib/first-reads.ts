import { FIRST_READS_ELEMENT_ID } from '@core/paths';

let answers: Map<string, unknown> | undefined;

/**
 * The answer to one of the page's first API reads that the server put in the page itself
 * (server/http/page-preloads.ts), or undefined when it did not. Each is given out once: it is as
 * fresh as the page, so a later visit to the same address asks the server again.
 */
export function takeFirstRead(path: string): unknown {
  if (answers === undefined) {
    answers = new Map();
    const text = document.getElementById(FIRST_READS_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        answers = new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
      } catch {
        // Unreadable: the page asks the API, as it does for any read not in the page.
      }
    }
  }
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

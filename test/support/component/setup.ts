import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { noteServerAnswer } from '../../../web/src/lib/offline-status';

// findBy… and waitFor wait until what they look for shows; their limit only catches a hang (a
// busy machine imports a page's schemas slowly), as the test timeouts in vitest.config.ts do.
configure({ asyncUtilTimeout: 120_000 });

// Vitest runs without globals, so Testing Library's own clean-up is not registered: each test
// unmounts what it rendered here. Stubbed globals (fetch) and the device's storage are put back
// too, since a worker keeps its modules from one file to the next (isolate: false).
// A screen that moves the page elsewhere (a search hit, a payment's next page) leaves the page's
// address changed: the next test starts at the environment's own address again. A request that
// failed for want of a server (web/src/lib/api.ts) marks the page offline, a module's state: the
// next test starts online, as a page does.
const START_URL = window.location.href;
afterEach(() => {
  cleanup();
  noteServerAnswer();
  vi.unstubAllGlobals();
  localStorage.clear();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(START_URL);
});

// happy-dom has no HTMLTableSectionElement.rows, which the admin tables read to label each cell
// with its column for phones (DataTable): defined here as the DOM defines it, the section's rows.
if (!('rows' in HTMLTableSectionElement.prototype)) {
  Object.defineProperty(HTMLTableSectionElement.prototype, 'rows', {
    get(this: HTMLTableSectionElement) {
      return Array.from(this.children).filter((child): child is HTMLTableRowElement => child.tagName === 'TR');
    },
  });
}

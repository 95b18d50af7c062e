import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait until what they look for shows; their limit only catches a hang (a
// busy machine imports a page's schemas slowly), as the test timeouts in vitest.config.ts do.
configure({ asyncUtilTimeout: 120_000 });

// Vitest runs without globals, so Testing Library's own clean-up is not registered: each test
// unmounts what it rendered here. Stubbed globals (fetch) and the device's storage are put back
// too, since a worker keeps its modules from one file to the next (isolate: false).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

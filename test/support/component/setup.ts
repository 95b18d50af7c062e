import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library's own clean-up is not registered: each test
// unmounts what it rendered here. Stubbed globals (fetch) and the device's storage are put back
// too, since a worker keeps its modules from one file to the next (isolate: false).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

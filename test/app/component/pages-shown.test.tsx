import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagesShown, type PagesShown } from '../../../web/src/lib/pages-shown';

// React draws the app as a transition, in slices (web/src/main.tsx): the page's code can come in
// between the router's drawing and its subscription. These tests draw as the app does, outside
// Testing Library's act(), so that React yields between slices as in a browser.
const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

/** Busy for `ms` while being drawn: React yields to the page's other work once it is done. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The time a slow phone spends drawing the rest of the app.
  }
}

describe('the pages shown, followed for the offline side', () => {
  it('never keep the page on "Loading..." when its code comes while the router is being drawn', async () => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    let codeCame!: () => void;
    const code = new Promise<void>((resolve) => (codeCame = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/admin/*',
          HydrateFallback: () => <p>Loading...</p>,
          lazy: async () => {
            await code;
            return { Component: () => <h1>Sign in</h1> };
          },
        },
      ],
      { initialEntries: ['/admin/login'] },
    );
    const pages: PagesShown = pagesShown(router);
    const shown: string[] = [];
    // Drawn after the router: the code arrives (from the browser's cache) while the rest of the app is drawn.
    function RestOfTheApp() {
      codeCame();
      busy(30);
      return null;
    }
    let committed!: () => void;
    const drawn = new Promise<void>((resolve) => (committed = resolve));
    function Running() {
      useEffect(() => {
        pages.watch();
        pages.onPageShown((address) => shown.push(address));
        committed();
      }, []);
      return null;
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    unmount = () => root.unmount();
    startTransition(() =>
      root.render(
        <>
          <RouterProvider router={router} />
          <RestOfTheApp />
          <Running />
        </>,
      ),
    );
    await drawn;
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(shown).toEqual(['/admin/login']);
  });
});

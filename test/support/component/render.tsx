import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { createQueryClient } from '../../../web/src/lib/query';

/** A server as fetch sees it: each call's method and path answered by the handler, or a network failure (throw). */
export type FakeServer = (request: { method: string; path: string; body: unknown }) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch for the test (put back after each test by the setup file); returns the calls made,
 * in order. The club's settings (GET /api/config, which every page's title reads) are answered
 * 404 (the app then uses its defaults) and not listed, unless `server` is asked for them.
 */
export function serve(server: FakeServer, { config = false }: { config?: boolean } = {}): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    if (path === '/api/config' && !config) return json(404, { error: 'Not found' });
    calls.push(`${method} ${path}`);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return server({ method, path, body });
  });
  return calls;
}

/** An answer the test holds back: the server gives `response` once the test calls `send`. */
export function heldAnswer(): { response: Promise<Response>; send: (response: Response) => void } {
  let send: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (send = resolve));
  return { response, send };
}

/**
 * A server for a form's tests: reads (GET) answered by `read`, every other request recorded with
 * its body and answered by `write`. `posts` lists the POST calls made so far.
 */
export function serveForm(write: FakeServer, read: FakeServer = () => json(404, { error: 'Not found' })) {
  const bodies: unknown[] = [];
  const calls = serve((request) => {
    if (request.method === 'GET') return read(request);
    bodies.push(request.body);
    return write(request);
  });
  return { calls, bodies, posts: () => calls.filter((call) => call.startsWith('POST')) };
}

/**
 * One submission at a time: presses the `submit` button, and while the server holds its answer
 * the form shows the `busy` button, disabled (the button itself, or the fieldset the form's
 * controls sit in), and pressing it again (`again: 'click'`) or submitting the form again
 * (`'submit'`, as Enter does) sends nothing more; then the server gives `answer`.
 */
export async function pressOnceWhileHeld(
  scope: Pick<typeof screen, 'getByRole' | 'findByRole'>,
  held: ReturnType<typeof heldAnswer>,
  options: { submit: string; busy: string; disabled: 'button' | 'fieldset'; again?: 'click' | 'submit'; answer: Response },
): Promise<void> {
  await userEvent.click(scope.getByRole('button', { name: options.submit }));
  const busy = (await scope.findByRole('button', { name: options.busy })) as HTMLButtonElement;
  expect(options.disabled === 'button' ? busy.disabled : busy.closest('fieldset')?.disabled).toBe(true);
  if (options.again === 'submit') fireEvent.submit(busy.closest('form') as HTMLFormElement);
  else await userEvent.click(busy);
  held.send(options.answer);
}

/**
 * A read that fails (500) until the member or admin presses Try Again: `server` answers the
 * failure, then `ok`; `tryAgain` presses the button after which the read is answered.
 */
export function failingUntilTryAgain(ok: () => Response) {
  let failing = true;
  return {
    server: () => (failing ? json(500, { error: 'Internal error' }) : ok()),
    tryAgain: async () => {
      failing = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    },
  };
}

/** Renders a screen as the app does: a fresh query client (the app's defaults) and a router at `path`. */
export function renderAt(path: string, ui: ReactElement): RenderResult {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

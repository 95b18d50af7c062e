import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { createRoutes, type PageHandle } from './routes';
import { ServerOriginProvider } from './lib/origin';
import type { ReadJson } from './lib/page-data';

export { pageStateScript };
import { pageStateScript, type PageState } from './lib/page-state';
import { createQueryClient } from './lib/query';

/** A members' page drawn by the server: its markup, and the state the app hydrates it with. */
export interface DrawnPage {
  html: string;
  state: PageState;
}

/** A members' page whose loaders have run: the modules that draw it, and its drawing. */
export interface LoadedPage {
  kind: 'page';
  /** The page's route modules, as the build's manifest names them (for their preloads). */
  modules: string[];
  draw: () => Promise<DrawnPage>;
}

/** Markup as one string once everything in it (lazy parts included) is ready. */
function renderToText(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/**
 * Loads the members' page at `url` as the browser would: the same routes, their loaders filling a
 * data layer of its own from `readJson` (the server's own answers). `draw` then renders it with
 * React's server renderer, as the browser's first render will draw it. A redirect from a loader
 * is answered as one.
 */
export async function loadMembersPage(url: URL, readJson: ReadJson): Promise<LoadedPage | { kind: 'redirect'; location: string; status: number }> {
  const queryClient = createQueryClient();
  const routes = createRoutes({ queryClient, readJson, onServer: true }, { admin: false });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) {
    return { kind: 'redirect', location: context.headers.get('Location') ?? '/', status: context.status };
  }
  const modules = context.matches.map((match) => (match.route.handle as PageHandle | undefined)?.module).filter((module): module is string => module !== undefined);
  const draw = async (): Promise<DrawnPage> => {
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToText(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ServerOriginProvider value={url.origin}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerOriginProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    return {
      html,
      state: {
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
        queries: dehydrate(queryClient),
        origin: url.origin,
      },
    };
  };
  return { kind: 'page', modules, draw };
}

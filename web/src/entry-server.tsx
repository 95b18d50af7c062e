import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRoutes, type PageHandle } from './routes';
import { ServerOriginProvider } from './lib/origin';
import { answerOnServer, type ReadJson } from './lib/reads';
import { drawnPageScript, type DrawnPageState } from './lib/drawn-page';
import { createQueryClient } from './lib/query';

export { drawnPageScript };

/** A members' page drawn by the server: its markup, and the state the app hydrates it with. */
export interface DrawnPage {
  html: string;
  state: DrawnPageState;
}

/** A members' page whose loaders have run: the modules that draw it, and its drawing. */
export interface LoadedPage {
  kind: 'page';
  /** The page's route modules, as the build's manifest names them (for their preloads). */
  modules: string[];
  draw: () => Promise<DrawnPage>;
}

/** Markup as one string once everything in it (lazy parts included) is ready, with no script of React's own. */
async function renderToText(element: React.ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    // Every part inline, in place: React outlines a large part (to show it in steps) with an
    // inline script to move it, which the page's Content-Security-Policy refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString();
  // A part that failed would be left for the browser to draw: the whole page is, instead.
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/**
 * The members' pages as the server loads them: the same routes as the browser's, made and
 * ranked once. `load(url, readJson)` runs the page's loaders as the browser would, filling a data
 * layer of the request's own from `readJson` (the server's own answers); `draw` then renders it
 * with React's server renderer as the browser's first render will draw it. A redirect from a
 * loader is answered as one.
 */
export function membersPages(): { load: (url: URL, readJson: ReadJson) => Promise<LoadedPage | { kind: 'redirect'; location: string; status: number }> } {
  const handler = createStaticHandler(createRoutes((context) => context as QueryClient, { admin: false }));
  const load = async (url: URL, readJson: ReadJson): Promise<LoadedPage | { kind: 'redirect'; location: string; status: number }> => {
    const queryClient = createQueryClient();
    answerOnServer(queryClient, readJson);
    const context = await handler.query(new Request(url.href), { requestContext: queryClient as never });
    if (context instanceof Response) {
      return { kind: 'redirect', location: context.headers.get('Location') ?? '/', status: context.status };
    }
    const modules = context.matches
      .map((match) => (match.route.handle as PageHandle | undefined)?.module)
      .filter((module): module is string => module !== undefined);
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
  };
  return { load };
}

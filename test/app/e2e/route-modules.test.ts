import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes, type PageHandle } from '../../../web/src/routes';
import { ROOT } from '../../support/e2e/app-server';

/** Every route's handle.module, through the nested routes. */
function modulesOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...((route.handle as PageHandle | undefined)?.module ? [(route.handle as PageHandle).module] : []),
    ...modulesOf(route.children ?? []),
  ]);
}

describe("the members' pages' modules, as the server names them for preloading", () => {
  it('are each a chunk of their own in the build, named by their source', () => {
    const manifestPath = join(ROOT, 'dist/web/.vite/manifest.json');
    expect(existsSync(manifestPath), 'run `npm run build` first').toBe(true);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
    const modules = modulesOf(createRoutes(() => new QueryClient(), { admin: false }));
    expect(modules.length).toBeGreaterThanOrEqual(10);
    for (const module of modules) {
      expect(existsSync(join(ROOT, 'web', module)), module).toBe(true);
      expect(manifest[module]?.isDynamicEntry, `${module} in the manifest`).toBe(true);
    }
  });
});

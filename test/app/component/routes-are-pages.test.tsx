import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@core/admins/permissions';
import { isAppPagePath } from '@core/shared/paths';
import { createRoutes } from '../../../web/src/routes';

/** Every path the routes name, below their parents. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    return [...(route.path === undefined ? [] : [path]), ...pathsOf(route.children ?? [], path)];
  });
}

describe("the members' routes", () => {
  it('are each a page the server answers 200 for, so a link into one (a reminder, a welcome mail) is not a 404', () => {
    const paths = pathsOf(createRoutes(() => new QueryClient(), { admin: false })).filter((path) => !path.endsWith('*'));
    expect(paths).toContain('/my-club/renew');
    for (const path of paths) expect(isAppPagePath(path.replace(/:[^/]+/g, 'x'), ADMIN_ROUTES), path).toBe(true);
  });
});

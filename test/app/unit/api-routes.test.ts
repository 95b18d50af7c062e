import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRoutes, reply, type ResponseSpecs } from '../../../server/http/api-routes';

const PlacesSchema = z.object({ name: z.string(), placesLeft: z.number().int().nullable() });

/** One route whose handler answers `body`, past the compile-time check (as a careless cast would). */
function appAnswering(body: unknown, checkReplies: boolean) {
  const app = express();
  const router = express.Router();
  const routes = new ApiRoutes(router, new OpenAPIRegistry(), () => (_req, _res, next) => next(), checkReplies);
  const responses: ResponseSpecs = { 200: { description: 'The places', schema: PlacesSchema } };
  routes.add({
    method: 'get',
    path: '/api/places',
    operationId: 'listPlaces',
    summary: 'Places',
    tag: 'test',
    access: 'public',
    responses,
    handler: async () => reply(200, body) as never,
  });
  app.use(router);
  app.use(((error, _req, res, _next) => res.status(500).json({ error: (error as Error).message })) as express.ErrorRequestHandler);
  return app;
}

describe('API route answers', () => {
  it('sends an answer of the declared shape as JSON with its status', async () => {
    const res = await request(appAnswering({ name: 'Regatta', placesLeft: 3 }, true)).get('/api/places');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Regatta', placesLeft: 3 });
  });

  it('outside production, refuses to send an answer its schema refuses, naming the route', async () => {
    const res = await request(appAnswering({ name: 'Regatta', placesLeft: 'three' }, true)).get('/api/places');
    expect(res.status).toBe(500);
    expect(res.body.error).toContain('GET /api/places answered 200 with a body its schema refuses');
  });

  it('in production sends it unchecked (the types have checked it already)', async () => {
    const res = await request(appAnswering({ name: 'Regatta', placesLeft: 'three' }, false)).get('/api/places');
    expect(res.status).toBe(200);
  });
});

describe('API route operationIds', () => {
  const routes = () => new ApiRoutes(express.Router(), new OpenAPIRegistry(), () => (_req, _res, next) => next());
  const route = (operationId: string) =>
    ({
      method: 'get',
      path: '/api/places',
      operationId,
      summary: 'Places',
      tag: 'test',
      access: 'public',
      responses: { 204: { description: 'None' } },
      handler: async () => reply(204),
    }) as const;

  it('refuses a name that is not camelCase, naming the route', () => {
    for (const name of ['ListPlaces', 'list-places', 'list_places', '']) {
      expect(() => routes().add(route(name)), name).toThrow(`GET /api/places: operationId "${name}" is not camelCase`);
    }
  });

  it('refuses a name already taken, so that no two operations share one', () => {
    const declared = routes();
    declared.add(route('listPlaces'));
    expect(() => declared.add(route('listPlaces'))).toThrow('operationId "listPlaces" is already taken');
  });
});

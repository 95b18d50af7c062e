/**
 * Compile-time contract of the API routes, checked by `npm run typecheck` (never run): a handler
 * must answer a body of its status's declared schema. Each `@ts-expect-error` below marks an
 * answer that must not compile; were the route types loose, the unused directive would fail the
 * typecheck instead.
 */
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express from 'express';
import { z } from 'zod';
import { ApiRoutes, reply, SENT } from '../../server/http/api-routes';

const routes = new ApiRoutes(express.Router(), new OpenAPIRegistry(), () => (_req, _res, next) => next());
const PlacesSchema = z.object({ name: z.string(), placesLeft: z.number().int().nullable() });
const responses = {
  200: { description: 'The places', schema: PlacesSchema },
  204: { description: 'Nothing to say' },
  404: { description: '"Event not found"' },
};
const base = { method: 'get', path: '/api/places', operationId: 'listPlaces', summary: 'Places', tag: 'test', access: 'public', responses } as const;

// The right shape, no body where none is declared, and an answer written by the handler itself.
routes.add({ ...base, handler: async () => reply(200, { name: 'Regatta', placesLeft: 3 }) });
routes.add({ ...base, handler: async () => reply(204) });
routes.add({
  ...base,
  handler: async ({ res }) => {
    res.type('text/plain').send('places');
    return SENT;
  },
});

routes.add({
  ...base,
  // @ts-expect-error a field of the wrong type
  handler: async () => reply(200, { name: 'Regatta', placesLeft: 'three' }),
});
routes.add({
  ...base,
  // @ts-expect-error a field missing
  handler: async () => reply(200, { name: 'Regatta' }),
});
routes.add({
  ...base,
  // @ts-expect-error a status the route does not declare
  handler: async () => reply(201, { name: 'Regatta', placesLeft: 3 }),
});
routes.add({
  ...base,
  // @ts-expect-error a body for a status that has none
  handler: async () => reply(404, { error: 'Event not found' }),
});
routes.add({
  ...base,
  // @ts-expect-error answering through res.json, unchecked, instead of returning the answer
  handler: async ({ res }) => {
    res.json({ name: 'Regatta', placesLeft: 'three' });
  },
});

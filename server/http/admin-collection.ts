import type { z } from 'zod';
import type { Access, ApiRoutes, ResponseSpec, ResponseSpecs, RouteSpec } from './api-routes';
import { IdParamsSchema } from './api-schemas';
import { noContent } from './route-helpers';
import { DELETED } from './route-parts';

/**
 * A route of a collection as its file writes it: what only this route says. The collection adds
 * the method, the address, the tag, the access (unless the route names its own) and, for a
 * record's routes, the record's path parameters and its not-found answer.
 */
export type CollectionRoute<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends ResponseSpecs> = Omit<
  RouteSpec<B, Q, P, R>,
  'method' | 'path' | 'tag' | 'access' | 'params'
> & { access?: Access };

/** A deletion: its answer is 204 Deleted (or the route's own 204) once `handler`'s work is done. */
export type CollectionRemoval<P extends z.ZodType> = Omit<CollectionRoute<z.ZodUndefined, z.ZodUndefined, P, ResponseSpecs>, 'handler' | 'responses'> & {
  responses?: ResponseSpecs;
  handler: (input: Parameters<RouteSpec<z.ZodUndefined, z.ZodUndefined, P, ResponseSpecs>['handler']>[0]) => Promise<unknown>;
};

export interface CollectionSpec<P extends z.ZodType> {
  /** The collection's address, e.g. /api/admin/events; one record is at `${path}/:id`. */
  path: string;
  tag: string;
  /** Who may list the collection and read a record, and who may change them; a route may name its own. */
  read?: Access;
  write?: Access;
  /** A record's path parameter (default `id`, with IdParamsSchema). */
  record?: { param: string; schema: P };
  /** The answer for a record that is not there (404). */
  notFound: ResponseSpec;
}

/** Where a route stands when it is not the collection's or the record's own address, or not its usual method. */
interface Placed<M> {
  method?: M;
  /** The rest of the address after the collection's or the record's, e.g. '/order' or '/signups.csv'. */
  suffix?: string;
}

type Method = RouteSpec<z.ZodType, z.ZodType, z.ZodType, ResponseSpecs>['method'];

/**
 * The admin routes of one record collection (events, news, photos...): its list, its records and
 * their changes, declared through ApiRoutes with what every route of the collection shares written
 * once. Each route keeps its own operationId, summary and answers; the routes are registered in the
 * order they are declared here.
 */
export class AdminCollection<P extends z.ZodType = typeof IdParamsSchema> {
  private readonly param: string;
  private readonly params: P;

  constructor(
    private readonly routes: ApiRoutes,
    private readonly spec: CollectionSpec<P>,
  ) {
    this.param = spec.record?.param ?? 'id';
    this.params = spec.record?.schema ?? (IdParamsSchema as unknown as P);
  }

  /** GET of the collection itself (read access). */
  list<Q extends z.ZodType = z.ZodUndefined, R extends ResponseSpecs = ResponseSpecs>(route: CollectionRoute<z.ZodUndefined, Q, z.ZodUndefined, R>): void {
    this.declare('get', this.spec.path, this.spec.read, route);
  }

  /** POST to the collection (write access): a new record. */
  create<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, R extends ResponseSpecs = ResponseSpecs>(
    route: CollectionRoute<B, Q, z.ZodUndefined, R>,
  ): void {
    this.write(route);
  }

  /** A change of the collection as a whole (POST unless named; write access), at an address under it named by `suffix` (e.g. '/order'). */
  write<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, R extends ResponseSpecs = ResponseSpecs>(
    route: CollectionRoute<B, Q, z.ZodUndefined, R> & Placed<'put' | 'post'>,
  ): void {
    const { method = 'post', suffix = '', ...spec } = route;
    this.declare(method, this.spec.path + suffix, this.spec.write, spec);
  }

  /** GET of one record (read access), or of an address under it named by `suffix` (e.g. '/bookings.csv'). */
  get<Q extends z.ZodType = z.ZodUndefined, R extends ResponseSpecs = ResponseSpecs>(
    route: CollectionRoute<z.ZodUndefined, Q, P, R> & Omit<Placed<'get'>, 'method'>,
  ): void {
    const { suffix = '', ...spec } = route;
    this.declareRecord('get', suffix, this.spec.read, spec);
  }

  /** A change of one record (PUT unless named; write access), or of an address under it named by `suffix`. */
  update<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, R extends ResponseSpecs = ResponseSpecs>(
    route: CollectionRoute<B, Q, P, R> & Placed<'put' | 'patch' | 'post'>,
  ): void {
    const { method = 'put', suffix = '', ...spec } = route;
    this.declareRecord(method, suffix, this.spec.write, spec);
  }

  /** DELETE of one record (write access): 204 Deleted once the handler's work is done. */
  remove(route: CollectionRemoval<P>): void {
    const { handler, responses, ...rest } = route;
    this.declareRecord('delete', '', this.spec.write, {
      ...rest,
      responses: { 204: DELETED, ...responses },
      handler: async (input) => noContent(handler(input)),
    });
  }

  private declareRecord<B extends z.ZodType, Q extends z.ZodType, R extends ResponseSpecs>(
    method: Method,
    suffix: string,
    access: Access | undefined,
    route: CollectionRoute<B, Q, P, R>,
  ): void {
    const recordRoute = { ...route, params: this.params, responses: { 404: this.spec.notFound, ...route.responses } };
    this.declare(method, `${this.spec.path}/:${this.param}${suffix}`, access, recordRoute);
  }

  /** Each public method checked its route's types; here only its outline matters. */
  private declare(method: Method, path: string, access: Access | undefined, route: { access?: Access }): void {
    const chosen = route.access ?? access;
    if (!chosen) throw new Error(`${method.toUpperCase()} ${path}: no access named for this route or its collection`);
    this.routes.add({ ...route, method, path, tag: this.spec.tag, access: chosen } as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType, ResponseSpecs>);
  }
}

import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import type { Admin } from '../../core/admins/admin';
import { ACTIONS, type AdminAction } from '../../core/admins/permissions';
import type { Member } from '../../core/members/member';
import { parseInput } from '../../core/shared/parse-input';
import { MEMBER_SESSION_COOKIE_SCHEME, SESSION_COOKIE_SCHEME } from './openapi';

export const ErrorResponseSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  permission: z.string().optional(),
  placesLeft: z.number().int().optional(),
});

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export type ResponseSpecs = Record<number, ResponseSpec>;

/**
 * Returned by a handler that wrote a non-JSON answer itself (a file, a CSV, the calendar's
 * cached text); every other answer is returned, so that its shape is checked.
 */
export const SENT = Symbol('answer sent by the handler');

/**
 * What a handler answers: for each declared status, a JSON `body` of that status's schema (its
 * input type), or no body when the status has no schema; or SENT. A handler returning any other
 * shape does not compile (test/types/route-replies.ts proves it).
 */
/** A handler's answer: `reply(200, body)`, `reply(204)`; the status keeps its literal type. */
export function reply<S extends number>(status: S): { status: S };
export function reply<S extends number, B>(status: S, body: B): { status: S; body: B };
export function reply(status: number, ...body: unknown[]): { status: number; body?: unknown } {
  return body.length === 0 ? { status } : { status, body: body[0] };
}

export type Reply<R extends ResponseSpecs> =
  | {
      [S in keyof R & number]: R[S] extends { schema: infer Z extends z.ZodType }
        ? R[S] extends { contentType: string }
          ? never
          : { status: S; body: z.input<Z> }
        : { status: S; body?: never };
    }[keyof R & number]
  | typeof SENT;

/**
 * Who may call a route: anyone, a signed-in member (the member session cookie: their own records),
 * any signed-in admin, or an admin allowed the action (the core's permission table and messages
 * decide). A route that only reads a member when there is one (a member price) stays public.
 */
export type Access = 'public' | 'member' | 'signed-in' | { action: AdminAction };

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: Request;
  res: Response;
  /** The signed-in admin, for admin routes ('signed-in' or an action). */
  admin: Admin;
  /** The signed-in member, for routes with access 'member'. */
  member: Member;
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends ResponseSpecs> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path, e.g. /api/events/:id. */
  path: string;
  /**
   * The operation's name in the OpenAPI document (and in clients generated from it): camelCase,
   * unique, and stable once published. Admin routes (under /api/admin) start with `admin`.
   */
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  /**
   * A body read as raw bytes (signed webhooks: the signature covers the exact bytes), documented
   * here but not parsed; the app reads it with express.raw before the JSON parser.
   */
  rawBody?: { contentType: string; description: string; /** What the bytes are (default: signed bytes). */ bytes?: string };
  query?: Q;
  params?: P;
  /** Run before the body is read (e.g. rate limits); documented through `responses`. */
  before?: RequestHandler[];
  /**
   * A public read a members' page starts with, which the server answers in process while it
   * draws that page (server/http/member-pages.ts), so the page comes with its data: `true` runs
   * the handler (it must not use `req`, `res`, `admin` or `member`); a function gives the answer's JSON text.
   */
  inPage?: true | ((input: { query: z.output<Q>; params: z.output<P> }) => Promise<string>);
  responses: R;
  handler: (input: RouteInput<z.output<B>, z.output<Q>, z.output<P>>) => Promise<NoInfer<Reply<R>>>;
}

/**
 * Declares each route once: the same zod schemas validate the request in Express and describe it
 * in the OpenAPI document, so the document cannot drift from what the server accepts.
 */
export class ApiRoutes {
  readonly declared: { method: string; path: string }[] = [];
  private readonly inPage: { segments: string[]; read: (params: Record<string, string>, query: Record<string, string>) => Promise<string | undefined> }[] = [];
  private readonly operationIds = new Set<string>();

  constructor(
    private readonly router: Router,
    private readonly registry: OpenAPIRegistry,
    private readonly authenticate: (access: Exclude<Access, 'public'>) => RequestHandler,
    /**
     * Check every JSON answer against its declared schema before sending it (development and
     * tests): a handler whose answer drifts from the OpenAPI document fails loudly there.
     */
    private readonly checkReplies = false,
  ) {}

  add<
    B extends z.ZodType = z.ZodUndefined,
    Q extends z.ZodType = z.ZodUndefined,
    P extends z.ZodType = z.ZodUndefined,
    R extends ResponseSpecs = ResponseSpecs,
  >(spec: RouteSpec<B, Q, P, R>): void {
    if (!/^[a-z][A-Za-z0-9]*$/.test(spec.operationId)) {
      throw new Error(`${spec.method.toUpperCase()} ${spec.path}: operationId "${spec.operationId}" is not camelCase`);
    }
    if (this.operationIds.has(spec.operationId)) {
      throw new Error(`${spec.method.toUpperCase()} ${spec.path}: operationId "${spec.operationId}" is already taken`);
    }
    this.operationIds.add(spec.operationId);
    this.declared.push({ method: spec.method, path: spec.path });
    this.register(spec);
    if (spec.inPage) this.addInPage(spec);
    const handlers: RequestHandler[] = [];
    if (spec.access !== 'public') handlers.push(this.authenticate(spec.access));
    if (spec.before) handlers.push(...spec.before);
    handlers.push(async (req, res) => {
      const body = spec.body ? parseInput(spec.body, req.body, 'body') : undefined;
      const query = spec.query ? parseInput(spec.query, req.query, 'query') : undefined;
      const params = spec.params ? parseInput(spec.params, req.params, 'params') : undefined;
      // Checked against R where the route is declared; here only its outline matters.
      const answer = (await spec.handler({
        body: body as z.output<B>,
        query: query as z.output<Q>,
        params: params as z.output<P>,
        req,
        res,
        admin: res.locals.admin as Admin,
        member: res.locals.member as Member,
      })) as typeof SENT | { status: number; body?: unknown };
      if (answer === SENT) return;
      if (!('body' in answer)) {
        res.status(answer.status).end();
        return;
      }
      const schema = spec.responses[answer.status]?.schema;
      if (this.checkReplies && schema) {
        const checked = schema.safeParse(answer.body);
        if (!checked.success) {
          throw new Error(`${spec.method.toUpperCase()} ${spec.path} answered ${answer.status} with a body its schema refuses: ${checked.error.message}`);
        }
      }
      res.status(answer.status).json(answer.body);
    });
    this.router[spec.method](spec.path, ...handlers);
  }

  /**
   * The JSON text a public read marked `inPage` answers at `path` (with its query), as its route
   * would send it with status 200; undefined for an address no such read answers. Its input is
   * checked by the route's own schemas, and its errors are thrown as the route's handler throws them.
   */
  async readInPage(path: string): Promise<string | undefined> {
    const url = new URL(path, 'http://in-page.invalid');
    const segments = url.pathname.split('/');
    for (const route of this.inPage) {
      const params = matchSegments(route.segments, segments);
      if (params) return route.read(params, Object.fromEntries(url.searchParams));
    }
    return undefined;
  }

  private addInPage<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends ResponseSpecs>(spec: RouteSpec<B, Q, P, R>): void {
    if (spec.method !== 'get' || spec.access !== 'public') throw new Error(`${spec.path}: only a public GET can be read in a page`);
    const inPage = spec.inPage;
    this.inPage.push({
      segments: spec.path.split('/'),
      read: async (rawParams, rawQuery) => {
        const query = (spec.query ? parseInput(spec.query, rawQuery, 'query') : undefined) as z.output<Q>;
        const params = (spec.params ? parseInput(spec.params, rawParams, 'params') : undefined) as z.output<P>;
        if (typeof inPage === 'function') return inPage({ query, params });
        const unused = undefined as never;
        const answer = (await spec.handler({ body: unused, query, params, req: unused, res: unused, admin: unused, member: unused })) as
          typeof SENT | { status: number; body?: unknown };
        return answer !== SENT && answer.status === 200 && 'body' in answer ? JSON.stringify(answer.body) : undefined;
      },
    });
  }

  private register(spec: Omit<RouteSpec<z.ZodType, z.ZodType, z.ZodType, ResponseSpecs>, 'handler' | 'inPage'>): void {
    const responses: RouteConfig['responses'] = {};
    const errors: Record<number, string> = {};
    if (spec.body || spec.query) errors[400] = 'Bad input, with a message per field';
    if (spec.access === 'member') errors[401] = 'No member signed in ("Please sign in")';
    else if (spec.access !== 'public') errors[401] = 'Not signed in ("Please sign in")';
    if (typeof spec.access === 'object' && ACTIONS[spec.access.action]) {
      errors[403] = `Missing the ${ACTIONS[spec.access.action]} permission (the answer names it in "permission")`;
    }
    if (spec.body || spec.rawBody) errors[413] = 'Body over 100 kB';
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = { description, content: { 'application/json': { schema: ErrorResponseSchema } } };
    }
    for (const [status, response] of Object.entries(spec.responses)) {
      responses[status] = response.schema
        ? { description: response.description, content: { [response.contentType ?? 'application/json']: { schema: response.schema } } }
        : { description: response.description };
    }
    type RequestConfig = NonNullable<RouteConfig['request']>;
    const request: RequestConfig = {};
    if (spec.body) request.body = { required: true, content: { 'application/json': { schema: spec.body } } };
    if (spec.rawBody) {
      request.body = {
        required: true,
        description: spec.rawBody.description,
        content: { [spec.rawBody.contentType]: { schema: z.string().describe(spec.rawBody.bytes ?? 'The exact bytes the sender signed') } },
      };
    }
    // Query and path schemas are always zod objects here (see api-schemas.ts).
    if (spec.query) request.query = spec.query as unknown as RequestConfig['query'];
    if (spec.params) request.params = spec.params as unknown as RequestConfig['params'];
    this.registry.registerPath({
      method: spec.method,
      path: spec.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
      operationId: spec.operationId,
      summary: spec.summary,
      tags: [spec.tag],
      // Every operation states its security: none for public routes (an empty list, not a missing
      // one, which would mean "whatever the document's default is"), the member session cookie for
      // members' routes, else the admin session cookie.
      security: spec.access === 'public' ? [] : [{ [spec.access === 'member' ? MEMBER_SESSION_COOKIE_SCHEME : SESSION_COOKIE_SCHEME]: [] }],
      request,
      responses,
    });
  }
}

/** A route's parameters when `segments` (an address split at '/') matches its pattern's (`:name` stands for one segment), else null. */
function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i];
    if (part.startsWith(':')) {
      if (segment === '') return null;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

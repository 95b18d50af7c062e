import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { SESSION_COOKIE as CookieName } from './auth';

/** The security scheme of the admin session cookie; routes that need a session name it. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
/** The security scheme of the member session cookie; members' own routes name it. */
export const MEMBER_SESSION_COOKIE_SCHEME = 'memberSessionCookie';

export function createOpenApiRegistry(cookieName: typeof CookieName, memberCookieName: string): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: cookieName,
    description: 'Set by POST /api/admin/session; HttpOnly, SameSite=Lax, 8 hours.',
  });
  registry.registerComponent('securitySchemes', MEMBER_SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: memberCookieName,
    description: "Set by a member's sign-in (POST /api/member/sign-in, or with a passkey); HttpOnly, SameSite=Lax.",
  });
  return registry;
}

/** The OpenAPI 3.1 document, built from the same zod schemas the routes validate with. */
export function generateOpenApiDocument(registry: OpenAPIRegistry, clubName: string): object {
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: `${clubName} members area API`,
      version: '1.0.0',
      description:
        'JSON over HTTP. Errors are { error, fields? }. State-changing /api/admin requests need the header ' +
        'X-Requested-With: fetch. Money is in integer minor units.',
    },
    servers: [{ url: '/' }],
  });
}

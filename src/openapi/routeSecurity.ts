// Writes each operation's `security` from http/routeScopes.ts, the table the app enforces: the
// scope an operation needs is listed under every credential scheme that can carry it (OpenAPI
// 3.1 allows role names for non-OAuth schemes), so the document says what the server does.
import { type RouteAccess, ROUTE_ACCESS, routeAccessOf } from '../http/routeScopes';

type Operation = Record<string, unknown> & { description?: string };
type PathItem = Record<string, Operation>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The credential schemes of components.securitySchemes that carry scopes (apiKey, jwt, and oauth2 once declared). */
function securityOf(access: RouteAccess, schemes: string[]): Array<Record<string, string[]>> {
  if (access.kind === 'public') return [];
  if (access.kind === 'signedIn') return [{ jwt: [] }];
  if (access.kind === 'admin') return [{ apiKey: [] }, { jwt: [] }];
  return schemes.map((scheme) => ({ [scheme]: [access.scope] }));
}

function noteOf(access: RouteAccess): string {
  if (access.kind === 'scope') return `Requires the \`${access.scope}\` scope (API key, JWT or OAuth token); without it 403 FORBIDDEN names the scope.`;
  if (access.kind === 'signedIn') return 'A signed-in account only (JWT from /auth/login): API keys and OAuth tokens get 403 FORBIDDEN.';
  return '';
}

export function withRouteSecurity(
  paths: Record<string, PathItem>,
  securitySchemes: Record<string, unknown>,
  table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS,
): Record<string, PathItem> {
  const schemes = ['apiKey', 'jwt', 'oauth2'].filter((name) => name in securitySchemes);
  const missing: string[] = [];
  const out: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths)) {
    out[path] = { ...item };
    for (const method of METHODS.filter((name) => name in item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const access = routeAccessOf(key, table);
      if (!access) {
        missing.push(key);
        continue;
      }
      const operation = item[method];
      const note = noteOf(access);
      out[path][method] = {
        ...operation,
        security: securityOf(access, schemes),
        ...(note && { description: `${operation.description ?? ''} ${note}`.trim() }),
      };
    }
  }
  if (missing.length > 0) throw new Error(`Documented operations without an entry in src/http/routeScopes.ts: ${missing.join(', ')}`);
  return out;
}

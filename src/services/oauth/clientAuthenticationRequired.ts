// RFC 6749 section 5.2: a request to the token, revocation or introspection endpoint without any
// client authentication is invalid_client (401), not invalid_request as oidc-provider answers it.
// The provider emits each endpoint's error after writing the answer; this rewrites that one case.
import type { Context } from 'koa';
import type Provider from 'oidc-provider';

const ENDPOINT_ERRORS = ['grant.error', 'revocation.error', 'introspection.error'];
// oidc-provider's description of exactly this case (lib/shared/client_auth.js).
const NO_CLIENT_AUTHENTICATION = 'no client authentication mechanism provided';

export function answerMissingClientAuthenticationAsInvalidClient(provider: Provider): void {
  for (const event of ENDPOINT_ERRORS) {
    provider.on(event, (...args: unknown[]) => {
      const [ctx, error] = args as [Context, { error?: string; error_description?: string }];
      if (error.error !== 'invalid_request' || error.error_description !== NO_CLIENT_AUTHENTICATION) return;
      ctx.status = 401;
      // As oidc-provider challenges a failed Basic authentication: the issuer is the realm.
      ctx.set('WWW-Authenticate', `Basic realm="${provider.issuer}"`);
      ctx.body = { error: 'invalid_client', error_description: 'client authentication is required: the client id and secret (HTTP Basic or client_id and client_secret in the form), or client_id alone for a public client' };
    });
  }
}

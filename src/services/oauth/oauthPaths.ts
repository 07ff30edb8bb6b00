// Where the OAuth server answers: oidc-provider's endpoints (oauthProvider.ts) and our sign-in and
// consent pages. Known without loading the provider, so the app can route to it.
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/v1/oauth/token',
  revocation: '/v1/oauth/revoke',
  introspection: '/v1/oauth/introspect',
  jwks: '/oauth/jwks',
} as const;

/** The sign-in and consent pages (oauth/interactions.ts), one interaction each under it. */
export const INTERACTION_PATH = '/oauth/interaction';

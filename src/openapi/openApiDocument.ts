// The OpenAPI 3.1 document served at GET /v1/openapi.json. Request bodies and queries are the
// very schema objects the validators compile (see docs/components.ts), so the document and
// the behaviour cannot drift apart.
import { buildComponents } from './components';
import { documentDescription } from './description';
import { withRouteSecurity } from './routeSecurity';
import { withLinks } from './links';
import { oauthProtocolPaths } from './paths/oauthProtocol';
import { graphqlPaths } from './paths/graphql';
import { mcpPaths } from './paths/mcp';
import { paymentWebhookPaths } from './paths/paymentWebhook';
import { mergePaths, operationPaths } from './operationPaths';
import { OPERATIONS } from '../operations/registry';
import { webhookEventDocs } from './webhookEvents';

export function buildOpenApiDocument(): Record<string, unknown> {
  const components = buildComponents();
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Business Discovery, Profile and Analytics API',
      version: '1.0.0',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      description: documentDescription(),
    },
    servers: [{ url: '/v1', description: 'This server, version 1.' }],
    security: [{ apiKey: [] }, { jwt: [] }],
    tags: [
      { name: 'Authentication' },
      { name: 'Business profiles' },
      { name: 'Media' },
      { name: 'Verification' },
      { name: 'Reviews' },
      { name: 'Bookings' },
      { name: 'Payments' },
      { name: 'Search' },
      { name: 'Analytics' },
      { name: 'Admin' },
      { name: 'System' },
      { name: 'MCP' },
      { name: 'GraphQL' },
      { name: 'Webhooks' },
    ],
    // Each operation's `security` comes from the table the app enforces (http/routeScopes.ts).
    // Creating operations link to those that take the id they answer (docs/links.ts).
    // The OAuth protocol endpoints are oidc-provider's, outside that table (paths/oauthProtocol.ts).
    paths: withLinks({
      ...withRouteSecurity(
        mergePaths({
          ...operationPaths(OPERATIONS),
          ...mcpPaths(),
          ...graphqlPaths(),
        }, operationPaths(OPERATIONS)),
        components.securitySchemes,
      ),
      ...oauthProtocolPaths(),
      ...paymentWebhookPaths(),
    }),
    // What the service POSTs to subscribed URLs, one entry per event type.
    webhooks: webhookEventDocs(),
    components,
  };
}

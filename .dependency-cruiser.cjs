// The layers of the service, checked on every `npm test` (npm run lint:layers). docs/architecture.md
// draws the same picture; a change to one is a change to the other. Lower layers never import higher
// ones, and no module imports itself back through others:
//
//   composition   src/app.ts, src/server.ts, src/runtime/, indexer/main.ts, indexer/reindexCommand.ts, scripts/
//   transports    src/http/, src/oauth/, src/graphql/, src/mcp/, src/openapi/, src/docs/, src/dashboard/, src/web/
//   core          src/core/ (invoke: one call path) and src/operations/ (the registry)
//   services      src/services/ (use cases)      adapters: src/adapters/ (engines, behind ports)
//   presenters    src/presenters/ (API representations of domain records)
//   ports         src/ports/ (what services need from engines)   indexer/ (change feed -> index)
//   schemas       src/schemas/ (JSON Schemas of the API's inputs and outputs, and their checks)
//   domain        src/domain/ (the model and pure rules)
const COMPOSITION = '^(src/(app|server)[.]ts$|src/runtime/|indexer/(main|reindexCommand)[.]ts$|scripts/)';
const TRANSPORTS = '^src/(http|oauth|graphql|mcp|openapi|docs|dashboard|web)/';
const CORE = '^src/(core|operations)/';

/** A rule: modules under `from` may not import modules under `to`. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: to } };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle ties modules together so neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid('domain-is-pure', 'The domain owns its model and rules; it imports nothing above it (no ports, engines, transports, logger or config).', '^src/domain/', '^(src/(?!domain/)|indexer/|scripts/)'),
    forbid('schemas-on-domain-only', 'JSON Schemas describe the API with the domain\'s constants, nothing else.', '^src/schemas/', '^(src/(?!schemas/|domain/)|indexer/|scripts/)'),
    forbid('ports-on-domain-only', 'Ports name what the services need in the domain\'s words.', '^src/ports/', '^(src/(?!ports/|domain/)|indexer/|scripts/)'),
    forbid('presenters-below-services', 'Presenters turn domain records into API shapes; they know no use case or transport.', '^src/presenters/', '^(src/(?!presenters/|domain/|schemas/|ports/)|indexer/|scripts/)'),
    forbid('services-know-no-transport', 'Use cases run the same under REST, GraphQL, MCP and the workers.', '^src/services/', `${TRANSPORTS}|${CORE}|${COMPOSITION}|^src/adapters/|^indexer/`),
    forbid('adapters-behind-ports', 'Engines implement ports; they call no use case and no transport.', '^src/adapters/', `^src/(services|presenters)/|${TRANSPORTS}|${CORE}|${COMPOSITION}|^indexer/`),
    forbid('indexer-on-ports', 'The indexer maps changes to index actions through ports; its entries (main, reindexCommand) wire it.', '^indexer/(?!main[.]ts$|reindexCommand[.]ts$)', `^src/(services|presenters|adapters)/|${TRANSPORTS}|${CORE}|${COMPOSITION}`),
    forbid('core-knows-no-transport', 'One call path under every transport: the core imports none of them.', CORE, `${TRANSPORTS}|${COMPOSITION}|^src/adapters/`),
    forbid('transports-get-engines-from-the-composition-root', 'Transports are handed their services; they open no engine and import no entry point.', TRANSPORTS, `${COMPOSITION}|^src/adapters/`),
    forbid('composition-is-the-top', 'Only entry points wire the application together; nothing below imports them.', '^src/(?!app[.]ts$|server[.]ts$|runtime/)', COMPOSITION),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type imported from a higher layer is a dependency on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)node_modules/' },
  },
};

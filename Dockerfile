# Multi-stage build: compile TypeScript with dev dependencies, ship production ones only,
# run as a non-root user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY indexer ./indexer
COPY mappings ./mappings
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev
# The embedded index's bm25_given extension, compiled here (the runtime image has no compiler)
# into node_modules/.cache, which the runtime stage copies; without it bm25() scores, slower.
RUN node -e "const built = require('./dist/src/adapters/sqlite/search/rankExtension').rankExtension(); if (built.library === null) { console.error(built.reason); process.exit(1); }"

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY mappings ./mappings
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 8080
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "dist/src/server.js"]

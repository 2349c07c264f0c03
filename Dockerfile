# syntax=docker/dockerfile:1
# Build stage: compiles better-sqlite3 and bundles the sandbox; the tools stay here.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY seeds ./seeds
COPY scenarios ./scenarios
# The bundle's compiled code, kept for every start of the image (docs/decisions/1086-…): made by one
# start on a throw-away database, with the entrypoint's flags (V8 refuses a cache made under others).
RUN npm run build \
 && node --max-semi-space-size=32 dist/cli.js code-cache \
 && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: node, the production dependencies, the bundle and the data files.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    SANDBOX_DB=/data/sandbox.db
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src/db/migrations ./src/db/migrations
COPY src/modules/console/assets ./src/modules/console/assets
COPY seeds ./seeds
COPY scenarios ./scenarios
COPY contracts/postman.json ./contracts/postman.json
COPY contracts/openapi.json ./contracts/openapi.json
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 8080
# Readiness (docs/operating.md "Probes"): database writable, migrations applied, workers running, not stopping.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A young generation of 32 MB (16 by default): a request's garbage dies young instead of being
# promoted while its write batch commits (see docs/decisions.md).
ENTRYPOINT ["node", "--max-semi-space-size=32", "dist/cli.js"]
CMD ["serve"]

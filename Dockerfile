# Multi-stage build: compile in a full Node image, run compiled JavaScript in a slim one as a
# non-root user. `docker build -t model-gateway .`; see compose.yaml for PostgreSQL + Redis + two replicas.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# Compile the server and the console (dist/console), then keep only the runtime dependencies.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The image's unprivileged `node` user (uid 1000) owns only the data directory.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = database answers, migrations applied, not draining (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 itself (no npm, no shell), so SIGTERM reaches the gateway and starts its drain.
# The orchestrator's stop timeout must exceed SHUTDOWN_GRACE_MS (default 30 s).
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/main.js"]

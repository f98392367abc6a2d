# Docket's container image: the web app and the server built in one stage, run from another that holds
# only what serving needs, as a user that is not root, under tini, health-checked on /readyz.
#
#   docker build -t docket .
#   docker run -p 3000:3000 -v docket-data:/data docket                       # SQLite, one container
#   docker run ... docket serve --role web                                    # PostgreSQL: see compose.yaml
#   docker run --rm ... docket admin migrate                                  # any `docket` command
#
# The base is a build argument so that a machine without a registry can build on a base of its own
# (Debian with Node 24 at /usr/local/bin, as the official image has it; scripts/image-test.sh makes one).
ARG BASE_IMAGE=node:24-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV NODE_ENV=development npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# Dependencies first, so that a change to the sources alone reuses this layer. Install scripts are off:
# the one the project allows fetches the Node the repository pins, which the base image already is.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY . .
# The web app (web/dist) and the server bundled with its dependencies (dist/), then the dependencies
# serving still loads at run time, without the tools that built it.
RUN node scripts/build-web.ts --force \
  && node scripts/build-server.ts --force \
  && npm prune --omit=dev --ignore-scripts \
  && rm -rf node_modules/.cache

FROM ${BASE_IMAGE} AS runtime
# tini reaps children and passes signals on (SIGTERM drains the service); a base that has it is kept
RUN if ! command -v tini >/dev/null 2>&1; then \
      apt-get update \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini ca-certificates \
      && rm -rf /var/lib/apt/lists/*; \
    fi \
  && groupadd --system --gid 10001 docket \
  && useradd --system --uid 10001 --gid docket --home-dir /app --no-create-home --shell /usr/sbin/nologin docket \
  && mkdir -p /data \
  && chown docket:docket /data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# MALLOC_ARENA_MAX=2: glibc's per-thread arenas held a quarter more memory at the same speed (docs/decisions.md).
# DOCKET_DATA_DIR: the SQLite file, a generated secret key and local files, on the volume at /data.
# Production mode (DOCKET_SECRET_KEY required, sign-in codes never logged) follows from a PostgreSQL
# DATABASE_URL or NODE_ENV=production, as everywhere else.
ENV MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DOCKET_DATA_DIR=/data \
    NODE_COMPILE_CACHE=/tmp/docket-compile-cache
USER docket
VOLUME ["/data"]
EXPOSE 3000
# /readyz answers 200 once the database is reached and migrated, 503 while starting or draining; the
# worker role answers it too. No curl in a slim image: Node itself asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT||3000}/readyz`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["tini", "--", "node", "/app/dist/docket.mjs"]
CMD ["serve"]

# Ask-Reg: multi-stage image. Build stage installs pinned dependencies (Bun arrives through npm) and
# builds the browser bundles; the runtime stage holds only what serving needs. Nothing is fetched at run time.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN ./node_modules/.bin/bun run scripts/build-web.ts \
 && npm prune --omit=dev --no-audit --no-fund

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tini fonts-thai-tlwg \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home /app askreg \
 && mkdir -p /data && chown askreg /data
WORKDIR /app
# The code belongs to root and is only readable by the runtime user: a compromised process cannot
# rewrite the app it runs. Only /data (the volume) is the runtime user's.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/src ./src
COPY --from=build /app/modules ./modules
COPY --from=build /app/web ./web
COPY --from=build /app/scripts ./scripts
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    LOG_FORMAT=json
USER askreg
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["/app/node_modules/bun/bin/bun.exe", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["/app/node_modules/bun/bin/bun.exe", "src/index.ts"]

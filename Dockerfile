# Ask-Reg: multi-stage image. The build stage installs exactly package-lock.json (Bun arrives through npm)
# and builds the browser bundles; the runtime stage holds only what serving needs. Nothing is fetched at run time.
#
#   docker build -t ask-reg .                                          # default: no local transformer embedder
#   docker build --build-arg WITH_LOCAL_EMBEDDER=1 -t ask-reg:local-embedder .   # keeps EMBEDDING_PROVIDER=transformers
#
# Base images are pinned by version tag and multi-platform index digest (linux/amd64 and linux/arm64), so a
# rebuild starts from the same bytes. To move on: `docker buildx imagetools inspect <tag>` gives the new digest.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c
ARG RUNTIME_IMAGE=debian:bookworm-20260824-slim@sha256:88200866dfff7ea7f5cbcb6ec7c8a701889efe6fe859fe64d6990e4b07ea4171

FROM ${NODE_IMAGE} AS build
# Node 22 ships npm 10, which ignores package.json allowScripts and so would run onnxruntime-node's install
# script (it downloads CUDA libraries); npm 11.16 is the first to honour it (README, "Two commands").
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
RUN npm install --global --no-audit --no-fund npm@11.19.1
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG WITH_LOCAL_EMBEDDER=0
# prune-runtime.ts removes what the server never loads (the local embedder unless asked for, typescript,
# source maps); the chmod leaves the code readable and writable by its owner (root) only.
RUN ./node_modules/.bin/bun run scripts/build-web.ts \
 && npm prune --omit=dev --no-audit --no-fund \
 && ./node_modules/.bin/bun run scripts/prune-runtime.ts $([ "$WITH_LOCAL_EMBEDDER" = 1 ] && echo --with-local-embedder) \
 && chmod -R u+rwX,go+rX,go-w node_modules package.json contracts src modules web scripts

FROM ${RUNTIME_IMAGE} AS runtime
RUN apt-get update \
# tesseract-ocr: the faster OCR engine for OCR_ENGINE=auto|native (opt-in; the default is tesseract.js, see README)
 && apt-get install -y --no-install-recommends ca-certificates tini fonts-thai-tlwg tesseract-ocr \
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

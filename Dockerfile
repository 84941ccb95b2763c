# syntax=docker/dockerfile:1
# The site's servers as an image: a release of this repository (npm run release), its production install and its
# start, with the commands the release test runs on every `npm test` (scripts/cli/release/release.test.ts, and
# dockerfile.test.ts, which holds this file to them). docs/deploy.md says how to build, configure and run it. Not
# built where it was written: that machine has no Docker engine.
#
#   docker build -t quantedge-site .
#   docker run --env-file production.env -p 3000:3000 -p 3001:3001 -p 3002:3002 quantedge-site

# 1. The release, made once from the repository with its development install: the build tools stay in this stage.
# npm as the repository's CI has it (11.19.1), which honours package.json's allowScripts: no native build of a
# bench tool's dependency (libpq), which this slim image could not compile.
FROM node:24-slim AS release
WORKDIR /repository
RUN npm install --global npm@11.19.1
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run release -- /release

# 2. What production runs: the release and its production install, read-only to the user the servers run as; the
# publish hook writes only its renders, under .data/.
FROM node:24-slim
ENV NODE_ENV=production \
    SITE_HOST=0.0.0.0 \
    PREVIEW_HOST=0.0.0.0 \
    PUBLISH_HOOK_HOST=0.0.0.0
WORKDIR /srv/quantedge
COPY --from=release /release ./
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir .data \
    && chown node:node .data
USER node
# The site (the edge's origin), the draft preview, the publish hook.
EXPOSE 3000 3001 3002
# The site server's readiness (docs/operations.md): it listens once every page is rendered from the lake, and is
# ready while its live release has a home page; until then, and when it stops answering, it is not healthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.SITE_PORT || 3000}/readyz`).then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs (package.json), without npm between the container and the servers' stop signal.
CMD ["node", "servers/start.mjs"]

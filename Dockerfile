# The service in a small image: Node 24 on Debian slim, production dependencies
# only, running as the unprivileged `node` user, listening on all interfaces, with
# its data (SQLite, keys, sandbox state) in the /data volume. The image also holds
# the dashboard (served at /), the CLI (`docker exec … node src/cli/main.ts …`) and
# the MCP server. test/docker.test.ts runs what it holds, with or without Docker.
#   docker build -t social-publishing .        (--build-arg FFMPEG=true adds ffprobe for video facts)
#   docker run -p 3000:3000 -v sps-data:/data social-publishing
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the image's own Node runs the service (the pinned `node`
# package is a dev dependency), and no production dependency needs one.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# The dashboard, built with the development dependencies (Vite, React) that stay out of the image.
FROM node:24-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY web ./web
COPY client ./client
RUN npx vite build web --logLevel warn

FROM node:24-bookworm-slim
ARG FFMPEG=false
RUN if [ "$FFMPEG" = "true" ]; then \
      apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
# The typed API client: the MCP server and the CLI's user side call the API through it.
COPY client ./client
COPY --from=web /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/v1/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: SIGTERM from `docker stop` reaches the service, which stops cleanly.
CMD ["node", "src/start.js"]

# Builds the single executable and ships it on a slim base. The executable needs nothing beside it.
# Node 22 is an LTS release (supported to April 2027); it only runs npm here, Bun (a dependency) builds.
FROM node:22-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --create-home layerlift \
  && mkdir -p /data && chown layerlift:layerlift /data && chmod 700 /data
COPY --from=build /app/dist/layerlift /usr/local/bin/layerlift
USER layerlift
WORKDIR /home/layerlift
ENV NODE_ENV=production PORT=3000 DATABASE_PATH=/data/layerlift.db
# The database lives here: mount a named volume (docker run -v layerlift-data:/data) so it outlives the container.
VOLUME ["/data"]
EXPOSE 3000
# The executable checks itself: exit 0 only when /api/health?strict=1 answers 200 (not degraded).
HEALTHCHECK --interval=30s --timeout=10s --start-period=10s --retries=3 CMD ["layerlift", "health"]
# SIGTERM (docker stop) finishes requests in flight and exits 0 within 10 s; the executable handles it as PID 1.
STOPSIGNAL SIGTERM
CMD ["layerlift"]

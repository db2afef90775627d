# Builds the single executable and ships it on a slim base. The executable needs nothing beside it.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN useradd --system --create-home layerlift
COPY --from=build /app/dist/layerlift /usr/local/bin/layerlift
USER layerlift
WORKDIR /home/layerlift
ENV NODE_ENV=production PORT=3000 DATABASE_PATH=/home/layerlift/data/layerlift.db
EXPOSE 3000
CMD ["layerlift"]

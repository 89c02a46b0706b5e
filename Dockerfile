# syntax=docker/dockerfile:1
# The site and the intake service as an OCI image (docs/deploy-container.md): built here from
# the sources, run as a non-root user under tini, the data in the /data volume. BASE is any
# Node 20 image with npm on Debian 12: the public one by default; npm run test:release builds
# FROM one it makes locally with debootstrap (no public registry is reachable there).
ARG BASE=docker.io/library/node:20-bookworm-slim

FROM ${BASE} AS build
# better-sqlite3 compiles from source wherever no prebuilt binary can be downloaded.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The build-time settings (docs/operations.md#build-time): the pages carry them. Each is an
# argument here and, below, the service's environment too, so the two never differ.
ARG SITE_NAME SITE_TAGLINE SITE_URL API_BASE VITALS_ENDPOINT WEB_APP_URL DEMO_VIDEO_URL PLAY_STORE_URL \
    SOCIAL_FACEBOOK SOCIAL_INSTAGRAM SOCIAL_LINKEDIN SOCIAL_X SOCIAL_YOUTUBE CONTACT_EMAIL CONTACT_PHONE CONTACT_ADDRESS \
    GRIEVANCE_OFFICER_NAME GRIEVANCE_OFFICER_EMAIL GRIEVANCE_OFFICER_PHONE LEAD_RETENTION_DAYS
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${BASE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /app --no-create-home --shell /usr/sbin/nologin societydesk \
 && install -d -o societydesk -g societydesk -m 0700 /data
WORKDIR /app
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/server-build ./server-build
COPY --from=build /src/dist ./dist
COPY --from=build /src/dist-server ./dist-server
COPY --from=build /src/scripts/run.mjs ./scripts/run.mjs
ARG SITE_NAME SITE_TAGLINE SITE_URL API_BASE VITALS_ENDPOINT WEB_APP_URL DEMO_VIDEO_URL PLAY_STORE_URL \
    SOCIAL_FACEBOOK SOCIAL_INSTAGRAM SOCIAL_LINKEDIN SOCIAL_X SOCIAL_YOUTUBE CONTACT_EMAIL CONTACT_PHONE CONTACT_ADDRESS \
    GRIEVANCE_OFFICER_NAME GRIEVANCE_OFFICER_EMAIL GRIEVANCE_OFFICER_PHONE LEAD_RETENTION_DAYS
ENV SITE_NAME=$SITE_NAME SITE_TAGLINE=$SITE_TAGLINE SITE_URL=$SITE_URL API_BASE=$API_BASE VITALS_ENDPOINT=$VITALS_ENDPOINT \
    WEB_APP_URL=$WEB_APP_URL DEMO_VIDEO_URL=$DEMO_VIDEO_URL PLAY_STORE_URL=$PLAY_STORE_URL SOCIAL_FACEBOOK=$SOCIAL_FACEBOOK \
    SOCIAL_INSTAGRAM=$SOCIAL_INSTAGRAM SOCIAL_LINKEDIN=$SOCIAL_LINKEDIN SOCIAL_X=$SOCIAL_X SOCIAL_YOUTUBE=$SOCIAL_YOUTUBE \
    CONTACT_EMAIL=$CONTACT_EMAIL CONTACT_PHONE=$CONTACT_PHONE CONTACT_ADDRESS=$CONTACT_ADDRESS \
    GRIEVANCE_OFFICER_NAME=$GRIEVANCE_OFFICER_NAME GRIEVANCE_OFFICER_EMAIL=$GRIEVANCE_OFFICER_EMAIL \
    GRIEVANCE_OFFICER_PHONE=$GRIEVANCE_OFFICER_PHONE LEAD_RETENTION_DAYS=$LEAD_RETENTION_DAYS \
    NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data \
    NPM_CONFIG_CACHE=/tmp/npm-cache NPM_CONFIG_UPDATE_NOTIFIER=false
# The operator commands run in the container as npm scripts (docker compose exec app npm run leads).
USER societydesk
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server-build/main.js"]

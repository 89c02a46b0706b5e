#!/bin/bash
# From a bare Debian 12 server to the site on HTTPS: the commands of docs/deploy-debian.md, in
# order. Each "## N. Title" line starts a step; the guide shows each step's lines as they are
# here (npm run docs:deploy writes them into it, test/ops/deploy-docs.unit.test.ts checks it),
# and test/ops/debian.release.test.ts runs them in a Debian 12 container (npm run test:release).
# Run them as root on the server, in one shell (step 0's settings are used by the others),
# except step 4, which runs on your build machine.
set -euo pipefail

## 0. Your settings
# The site's host name: its DNS A (and AAAA) record points at this server; ports 80 and 443 open.
SITE_HOST=www.example.in
SITE_URL=https://$SITE_HOST
# The Grievance Officer the privacy pages and emails name (DPDP Act).
GRIEVANCE_OFFICER_NAME='Meera Iyer'
GRIEVANCE_OFFICER_EMAIL=grievance@example.in
GRIEVANCE_OFFICER_PHONE='+91 80 4000 1234'
# The release to run: where your copy of this repository lives, and the release's tag.
REPO=https://git.example.in/society-site.git
RELEASE=v1.1.0
# The service listens on 127.0.0.1 only, at this port; Caddy talks to it.
PORT=8080

## 1. Node 20
# From NodeSource (Debian 12's own nodejs is 18).
apt-get update
apt-get install -y ca-certificates curl gnupg
install -d -m 0755 /etc/apt/keyrings
curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg
echo "deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main" > /etc/apt/sources.list.d/nodesource.list
apt-get update
apt-get install -y nodejs
node --version

## 2. Caddy, git and the tools
apt-get install -y caddy git curl ca-certificates python3 make g++

## 3. A user and the folders
# The service's user owns its data and backups, and nothing else.
useradd --system --user-group --home-dir /var/lib/societydesk --no-create-home --shell /usr/sbin/nologin societydesk
install -d -m 0700 -o societydesk -g societydesk /var/lib/societydesk /var/backups/societydesk
install -d -m 0750 -o root -g societydesk /etc/societydesk

## 4. Build the release (on your build machine, not the server)
# A machine with Node 20 and room for the development tools: the build-time settings go into the pages.
git clone "$REPO" society-site && cd society-site && git checkout "$RELEASE"
npm ci
SITE_URL=$SITE_URL GRIEVANCE_OFFICER_NAME=$GRIEVANCE_OFFICER_NAME GRIEVANCE_OFFICER_EMAIL=$GRIEVANCE_OFFICER_EMAIL GRIEVANCE_OFFICER_PHONE=$GRIEVANCE_OFFICER_PHONE npm run build
tar -czf societydesk-build.tar.gz dist dist-server server-build
scp societydesk-build.tar.gz "root@$SITE_HOST:"

## 5. The release on the server
# Its sources at the same tag, the build beside them, and the production packages only.
git clone "$REPO" /srv/societydesk
git -C /srv/societydesk -c advice.detachedHead=false checkout "$RELEASE"
tar -xzf /root/societydesk-build.tar.gz -C /srv/societydesk
cd /srv/societydesk
npm ci --omit=dev --no-audit --no-fund

## 6. The service's settings
# Read by the service and by the operator commands; add where leads go (WEBHOOK_URLS and
# WEBHOOK_SECRET, or SMTP_URL and NOTIFY_EMAIL_TO) and anything else of docs/operations.md.
cat > /etc/societydesk/env <<EOF
NODE_ENV=production
HOST=127.0.0.1
PORT=$PORT
DATA_DIR=/var/lib/societydesk
BACKUP_DIR=/var/backups/societydesk
TRUST_PROXY=loopback
SITE_URL=$SITE_URL
GRIEVANCE_OFFICER_NAME="$GRIEVANCE_OFFICER_NAME"
GRIEVANCE_OFFICER_EMAIL=$GRIEVANCE_OFFICER_EMAIL
GRIEVANCE_OFFICER_PHONE="$GRIEVANCE_OFFICER_PHONE"
METRICS_TOKEN=$(node -e "process.stdout.write(require('node:crypto').randomBytes(24).toString('hex'))")
EOF
chown root:societydesk /etc/societydesk/env
chmod 0640 /etc/societydesk/env

## 7. The service under systemd
install -m 0644 deploy/systemd/societydesk.service /etc/systemd/system/
systemctl daemon-reload
systemctl enable --now societydesk.service
curl -fsS --retry 10 --retry-all-errors --retry-delay 1 "http://127.0.0.1:$PORT/health"

## 8. HTTPS with Caddy
# Caddy gets the certificate for SITE_HOST from Let's Encrypt and renews it.
install -m 0644 deploy/caddy/Caddyfile /etc/caddy/Caddyfile
install -d -m 0755 /etc/systemd/system/caddy.service.d
install -m 0644 deploy/systemd/caddy.service.d/societydesk.conf /etc/systemd/system/caddy.service.d/
printf 'SITE_HOST=%s\nUPSTREAM=127.0.0.1:%s\n' "$SITE_HOST" "$PORT" > /etc/societydesk/caddy.env
systemctl daemon-reload
systemctl restart caddy.service
curl -fsS --retry 10 --retry-all-errors --retry-delay 1 "$SITE_URL/health"

## 9. Backups and the retention purge, daily
install -m 0644 deploy/systemd/societydesk-backup.service deploy/systemd/societydesk-backup.timer /etc/systemd/system/
install -m 0644 deploy/systemd/societydesk-retention.service deploy/systemd/societydesk-retention.timer /etc/systemd/system/
systemctl daemon-reload
systemctl enable --now societydesk-backup.timer societydesk-retention.timer
systemctl start societydesk-backup.service
ls /var/backups/societydesk

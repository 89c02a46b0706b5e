#!/usr/bin/env bash
# What npm run test:release needs besides npm packages: debootstrap (a Debian 12 base made here),
# buildah and podman (build and run the image), docker-compose (Compose v1: checks compose.yaml), Caddy and
# systemd-analyze (the Debian guide's units and Caddyfile), restic (the off-host backup copy).
# On Debian as root it installs what is missing; anywhere else it stops and prints the command.
set -euo pipefail

missing=()
for tool in debootstrap:debootstrap buildah:buildah podman:podman docker-compose:docker-compose caddy:caddy systemd-analyze:systemd restic:restic git:git; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool##*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "release-env: installing ${missing[*]} (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "release-env: the release tests need ${missing[*]}, and run as root (buildah, debootstrap). On Debian: sudo apt-get install -y ${missing[*]}" >&2
exit 1

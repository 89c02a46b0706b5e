#!/usr/bin/env bash
# What the tests need besides npm packages: Chromium (CHROME_PATH), Firefox ESR
# (FIREFOX_PATH), WebKit (WebKitGTK's MiniBrowser, MINIBROWSER_PATH, with WebKitWebDriver,
# on an Xvfb display), Java 17+ for the Nu HTML checker, a Devanagari font (Noto, as
# Android ships) so the Hindi pages lay out in the browsers as on a phone, and PostgreSQL
# and nginx (the tests start throwaway ones of their own; the packages' services are not used), and Prometheus
# (its promtool checks the metrics and alert rules; a test runs its server). On Debian as root with apt-get,
# installs what is missing; anywhere else, stops at once and prints the command to run.
# Run first by `npm test` and by .ci/run.
set -euo pipefail

missing=()

for variable in CHROME_PATH FIREFOX_PATH MINIBROWSER_PATH; do
  if [ -n "${!variable:-}" ] && [ ! -x "${!variable}" ]; then
    echo "test-env: $variable=${!variable} is not an executable file: fix it or unset it." >&2
    exit 1
  fi
done

chromium_ok() {
  [ -n "${CHROME_PATH:-}" ] || [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]
}
chromium_ok || missing+=(chromium)

firefox_ok() {
  [ -n "${FIREFOX_PATH:-}" ] || [ -x /usr/bin/firefox-esr ]
}
firefox_ok || missing+=(firefox-esr)

webkit_ok() {
  command -v WebKitWebDriver >/dev/null 2>&1 && { [ -n "${MINIBROWSER_PATH:-}" ] || compgen -G '/usr/lib/*/webkit2gtk-4.*/MiniBrowser' >/dev/null; }
}
webkit_ok || missing+=(webkit2gtk-driver)

xvfb_ok() {
  command -v Xvfb >/dev/null 2>&1
}
xvfb_ok || missing+=(xvfb)

java_ok() {
  command -v java >/dev/null 2>&1 || return 1
  # The first line of `java -version` is e.g. 'openjdk version "17.0.13" 2024-10-15' (Java 8: "1.8.0_392").
  local major
  major="$(java -version 2>&1 | sed -n '1s/.*version "\([0-9][0-9]*\).*/\1/p')"
  [ -n "$major" ] && [ "$major" -ge 17 ]
}
java_ok || missing+=(default-jre-headless)

devanagari_ok() {
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=hi family 2>/dev/null)" ]
}
devanagari_ok || missing+=(fonts-noto-core)

postgres_ok() {
  [ -n "${PG_BIN:-}" ] || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}
postgres_ok || missing+=(postgresql)

nginx_ok() {
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
}
nginx_ok || missing+=(nginx-light)

prometheus_ok() {
  command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1
}
prometheus_ok || missing+=(prometheus)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-env: installing ${missing[*]} (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  if chromium_ok && firefox_ok && webkit_ok && xvfb_ok && java_ok && devanagari_ok && postgres_ok && nginx_ok && prometheus_ok; then exit 0; fi
  echo "test-env: installed ${missing[*]}, but the tests still cannot find them." >&2
  exit 1
fi

{
  echo "test-env: the tests need ${missing[*]}, which this machine lacks."
  if [ -f /etc/debian_version ]; then
    echo "Install them with:"
    echo "  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
  else
    echo "Install Chromium (or set CHROME_PATH), Firefox ESR (or set FIREFOX_PATH), WebKitGTK's WebKitWebDriver and MiniBrowser (or set MINIBROWSER_PATH) with Xvfb, a Java 17+ runtime, a Devanagari font (Noto Sans Devanagari), PostgreSQL (or set PG_BIN), nginx and Prometheus (prometheus and promtool);"
    echo "on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  fi
} >&2
exit 1

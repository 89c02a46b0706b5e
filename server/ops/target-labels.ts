/**
 * A delivery target as logs, metrics and the start line name it: never the webhook's full URL,
 * whose path or query may carry the receiver's own secret (a Slack-style hook, a token).
 * `webhook <host>` (with its place in WEBHOOK_URLS when two share a host); the other targets
 * (`email`, `acknowledgement`, `outcome offer`, …) by their key. A webhook target that is no
 * longer configured (rows an earlier configuration queued) is `webhook (not configured)`.
 */
export function targetLabeller(webhookUrls: readonly string[]): (key: string) => string {
  const hosts = webhookUrls.map((url) => new URL(url).host);
  const labels = new Map(
    webhookUrls.map((url, i) => [`webhook ${url}`, hosts.indexOf(hosts[i]!) === hosts.lastIndexOf(hosts[i]!) ? `webhook ${hosts[i]}` : `webhook ${hosts[i]} #${i + 1}`]),
  );
  return (key) => labels.get(key) ?? (key.startsWith('webhook ') ? 'webhook (not configured)' : key);
}

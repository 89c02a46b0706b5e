/**
 * Which browser origins may call the API: the site's own (same host as the request) and
 * the configured partner origins. `*` in the list allows every origin.
 */
export function createOriginPolicy(allowedOrigins: readonly string[]) {
  const allowAll = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));

  return function isAllowed(origin: string, host: string | undefined): boolean {
    if (allowAll) return true;
    const o = origin.toLowerCase();
    if (allowed.has(o)) return true;
    if (!host) return false;
    try {
      const url = new URL(o);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
    } catch {
      return false; // "null" (sandboxed frames, file://) and garbage
    }
  };
}

export type OriginPolicy = ReturnType<typeof createOriginPolicy>;

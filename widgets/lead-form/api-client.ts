/**
 * POST a JSON body (or a file) and tell apart everything that can happen to the request. Never
 * throws. Every request ends: after `timeoutMs` it is aborted (body read included).
 * Extra `headers` carry what must not go into the spec's body (proof of work, notice version).
 */
export type PostOutcome =
  /** An HTTP answer whose body parsed as JSON (any status). */
  | { type: 'json'; status: number; ok: boolean; body: unknown }
  /** An HTTP answer whose body is not JSON (an HTML error page, plain text, empty). */
  | { type: 'invalid-response'; status: number; ok: boolean }
  /** No HTTP answer: offline, DNS, refused or reset connection, CORS refusal. */
  | { type: 'network' }
  /** No complete answer within the time limit. */
  | { type: 'timeout' };

export const DEFAULT_TIMEOUT_MS = 15_000;

export async function postJson(
  url: string,
  body: unknown,
  { timeoutMs = DEFAULT_TIMEOUT_MS, headers = {} }: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<PostOutcome> {
  return post(url, JSON.stringify(body), { timeoutMs, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/** Uploads one file as the part `name` of a multipart/form-data POST; its time limit grows with the file (50 KB/s). */
export function postFile(url: string, name: string, file: Blob & { name?: string }, { headers = {} }: { headers?: Record<string, string> } = {}): Promise<PostOutcome> {
  const form = new FormData();
  form.append(name, file, file.name ?? name);
  return post(url, form, { timeoutMs: DEFAULT_TIMEOUT_MS + Math.ceil(file.size / 50), headers });
}

async function post(url: string, body: BodyInit, { timeoutMs, headers }: { timeoutMs: number; headers: Record<string, string> }): Promise<PostOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const failed = (): PostOutcome => (timedOut ? { type: 'timeout' } : { type: 'network' });
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, Accept: 'application/json' },
        body,
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      return failed();
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      return failed();
    }
    const { status, ok } = response;
    try {
      return { type: 'json', status, ok, body: JSON.parse(text) as unknown };
    } catch {
      return { type: 'invalid-response', status, ok };
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The team API from the app: JSON over fetch on the same origin (the session cookie goes
 * by itself), every refusal a TeamApiError with the API's code (contract/team.ts) so the
 * app shows its own sentence for it.
 */
import type { TeamErrorCode } from '../../../contract/team.ts';

export class TeamApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: TeamErrorCode | 'network',
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;

export async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TeamApiError(0, 'network', (error as Error).message);
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const code = typeof body.code === 'string' ? (body.code as TeamErrorCode) : 'unavailable';
    throw new TeamApiError(response.status, code, typeof body.message === 'string' ? body.message : `HTTP ${response.status}`, body);
  }
  return body as T;
}

/** A JSON answer saved as a file by the browser (a person's data). */
export function download(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

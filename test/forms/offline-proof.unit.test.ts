/**
 * A send that waited keeps its proof of work only while the challenge is good: a retry
 * after the challenge expired (the expiry is in the signed salt) fetches a new one.
 */
import { describe, expect, it } from 'vitest';
import { proofExpired } from '../../widgets/lead-form/proof-of-work.ts';
import { readIdempotencyKey } from '../../server/intake/idempotency.ts';

const header = (salt: string) => btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'c', number: 1, salt, signature: 's' }));
const now = Date.UTC(2026, 10, 24, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('proofExpired', () => {
  it('is false while the challenge has more than a minute left, true after', () => {
    expect(proofExpired(header(`abc?expires=${seconds(now + 10 * 60_000)}&`), now)).toBe(false);
    expect(proofExpired(header(`abc?expires=${seconds(now + 30_000)}&`), now)).toBe(true);
    expect(proofExpired(header(`abc?expires=${seconds(now - 60_000)}`), now)).toBe(true);
  });
  it('a solution that cannot be read counts as expired; one without an expiry does not', () => {
    expect(proofExpired('not base64 json', now)).toBe(true);
    expect(proofExpired(header('abc'), now)).toBe(false);
  });
});

describe('readIdempotencyKey', () => {
  it('takes a structured-field string or a bare token, and refuses anything else', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ ok: true, key: undefined });
    expect(readIdempotencyKey('"0123456789abcdef0123"')).toEqual({ ok: true, key: '0123456789abcdef0123' });
    expect(readIdempotencyKey('0123456789abcdef0123')).toEqual({ ok: true, key: '0123456789abcdef0123' });
    for (const bad of ['', '""', 'short', '"0123456789abcdef 0123"', ['a', 'b']]) expect(readIdempotencyKey(bad)).toEqual({ ok: false });
  });
});

/**
 * Lead references (contract/lead-reference.ts, server/intake/reference.ts): their form, how
 * a typed one is read, and that 2,000 leads stored in a real database file get 2,000
 * distinct references from which neither the leads' order nor their count can be read.
 *
 * The statistics run on references drawn from a seeded generator through the real store,
 * so the verdict is the same on every machine; each bound is the one a uniform draw breaks
 * once in a million runs. The service's own (cryptographic) draws are checked for their
 * form and distinctness over HTTP.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatReference, parseReference, REFERENCE_ALPHABET, REFERENCE_LENGTH, REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { assignMissingReferences, createWriteBatcher, dbPath, MIGRATIONS, openDatabase } from '../../server/store/sqlite.ts';
import { createOutbox } from '../../server/delivery/outbox.ts';
import { createLeadStore } from '../../server/intake/leads.ts';
import type { LeadSource } from '../../server/intake/lead-source.ts';
import { parsePersonKey } from '../../server/intake/personal-data.ts';
import { newReference, type RandomInt } from '../../server/intake/reference.ts';
import { referenceOf } from '../../widgets/lead-form/use-form-answer.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { postJson, readDb, startServer, tempDir } from '../helpers/server.ts';

const N = 2000;
/** z of a one-sided tail of 10⁻⁶ (two-sided bounds use it on each side: still under 10⁻⁵ together). */
const Z = 4.75;
/** χ² with 25 degrees of freedom (26 symbols) exceeded once in 10⁶ draws (Wilson–Hilferty). */
const CHI2_25 = 74.5;

/** mulberry32: a small seeded generator, uniform enough for these tests and the same everywhere. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const source: LeadSource = { origin: null, partner: null, noticeVersion: null, campaign: {}, page: null, language: 'en' };
const lead = (i: number) => ({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in`, societyName: `Tower ${i}` });

/** The references of N leads saved one after another into a fresh database file through the store. */
async function referencesFromStore(random: RandomInt): Promise<string[]> {
  const db = openDatabase(tempDir());
  try {
    const store = createLeadStore(db, createWriteBatcher(db), { outbox: createOutbox(db), targets: [] }, Date.now, random);
    const references: string[] = [];
    for (let i = 0; i < N; i += 100) {
      const saved = await Promise.all(Array.from({ length: 100 }, (_, j) => store.save('society', lead(i + j), source, { spam: null, solution: null })));
      for (const s of saved) {
        if (!('reference' in s)) throw new Error('not stored');
        references.push(s.reference);
      }
    }
    const stored = db.prepare('SELECT reference FROM leads ORDER BY id').pluck().all();
    expect(stored).toEqual(references);
    return references;
  } finally {
    db.close();
  }
}

const symbols = (reference: string): number[] => [...reference.replace(/^SD-|-/g, '')].map((c) => REFERENCE_ALPHABET.indexOf(c));

function pearson(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

/** χ² of observed counts against equal expected counts. */
function chiSquareUniform(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** χ² of two samples' counts over the same symbols (homogeneity, 2 × 26). */
function chiSquareTwoSamples(a: number[], b: number[]): number {
  const na = a.reduce((x, y) => x + y, 0);
  const nb = b.reduce((x, y) => x + y, 0);
  return a.reduce((sum, ca, k) => {
    const column = ca + b[k]!;
    if (column === 0) return sum;
    const ea = (column * na) / (na + nb);
    const eb = (column * nb) / (na + nb);
    return sum + (ca - ea) ** 2 / ea + (b[k]! - eb) ** 2 / eb;
  }, 0);
}

const countsAt = (refs: string[], position: number): number[] => {
  const counts = new Array<number>(REFERENCE_ALPHABET.length).fill(0);
  for (const r of refs) counts[symbols(r)[position]!]!++;
  return counts;
};

describe('lead references: their form', () => {
  it('is SD-XXXX-XXXX from an alphabet of 26 without look-alikes', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(26);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(26);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', 'Z', 'S', 'G', 'B', 'U']) expect(REFERENCE_ALPHABET).not.toContain(lookAlike);
    expect(formatReference('4K7Q2M9X')).toBe('SD-4K7Q-2M9X');
    const drawn = newReference();
    expect(drawn).toMatch(REFERENCE_PATTERN);
    expect(drawn).toHaveLength(3 + REFERENCE_LENGTH + 1);
  });

  it('reads a reference as a person types or reads it out, and nothing else', () => {
    for (const typed of ['SD-4K7Q-2M9X', 'sd-4k7q-2m9x', ' sd 4k7q 2m9x ', 'SD4K7Q2M9X', '4K7Q2M9X', '4k7q-2m9x', 'SD–4K7Q–2M9X', 'sd.4k7q.2m9x']) {
      expect(parseReference(typed), typed).toBe('SD-4K7Q-2M9X');
    }
    // A look-alike typed for the character it looks like.
    expect(parseReference('SD-4K7O-ZM9X')).toBe('SD-4K7Q-2M9X');
    expect(parseReference('sd-bgsu-2222')).toBe('SD-865V-2222');
    for (const other of ['', 'SD-4K7Q-2M9', 'SD-4K7Q-2M9XX', 'SD-4K7Q-2M1X', 'asha@example.in', '+91 98765 43210', 'XY-4K7Q-2M9X']) {
      expect(parseReference(other), other).toBeUndefined();
    }
  });
});

describe('lead references: what the forms take from an answer', () => {
  it('shows a reference only when the answer carries one in its written form', () => {
    const answer = (body: unknown) => ({ type: 'json' as const, status: 200, ok: true, body });
    expect(referenceOf(answer({ success: true, message: 'm', reference: 'SD-4K7Q-2M9X' }))).toBe('SD-4K7Q-2M9X');
    for (const body of [{ success: true, message: 'm' }, { reference: '<img src=x>' }, { reference: 'sd-4k7q-2m9x' }, { reference: 42 }, null, 'SD-4K7Q-2M9X']) {
      expect(referenceOf(answer(body)), JSON.stringify(body)).toBeUndefined();
    }
    expect(referenceOf({ type: 'network' })).toBeUndefined();
  });
});

describe('lead references: a person key of the operator commands', () => {
  it('--person and --erase take a reference (that one lead); eight digits stay a phone number', () => {
    expect(parsePersonKey('sd 4k7q 2m9x')).toEqual({ reference: 'SD-4K7Q-2M9X' });
    expect(parsePersonKey('SD-2345-6789')).toEqual({ reference: 'SD-2345-6789' });
    expect(parsePersonKey('23456789')).toEqual({ phone: '23456789' });
    expect(() => parsePersonKey('SD-4K7Q')).toThrow(/nor a lead's reference/);
  });
});

describe('lead references: 2,000 leads', () => {
  it('through the real store: 2,000 distinct references, neither the order nor the count readable from them', async () => {
    const refs = await referencesFromStore(seeded(20261126));
    expect(refs).toHaveLength(N);
    expect(new Set(refs).size).toBe(N);
    for (const r of refs) expect(r).toMatch(REFERENCE_PATTERN);

    // Each position is uniform over the alphabet: no position counts anything up.
    for (let p = 0; p < REFERENCE_LENGTH; p++) expect(chiSquareUniform(countsAt(refs, p)), `position ${p}`).toBeLessThan(CHI2_25);

    // Order: a reference's place among the sorted references says nothing of when its lead came.
    const index = refs.map((_, i) => i);
    const sortedRank = new Map([...refs].sort().map((r, i) => [r, i]));
    expect(Math.abs(pearson(index, refs.map((r) => sortedRank.get(r)!)))).toBeLessThan(Z / Math.sqrt(N - 1));
    for (let p = 0; p < REFERENCE_LENGTH; p++) {
      expect(Math.abs(pearson(index, refs.map((r) => symbols(r)[p]!))), `position ${p}`).toBeLessThan(Z / Math.sqrt(N - 1));
    }

    // Count: the first thousand leads' references look like the second thousand's.
    const firstHalf = refs.slice(0, N / 2);
    const secondHalf = refs.slice(N / 2);
    for (let p = 0; p < REFERENCE_LENGTH; p++) {
      expect(chiSquareTwoSamples(countsAt(firstHalf, p), countsAt(secondHalf, p)), `position ${p}`).toBeLessThan(CHI2_25);
    }

    // The next one: consecutive references share a character in a place no more than chance (1 in 26) says.
    let shared = 0;
    for (let i = 1; i < N; i++) {
      const a = symbols(refs[i - 1]!);
      const b = symbols(refs[i]!);
      for (let p = 0; p < REFERENCE_LENGTH; p++) if (a[p] === b[p]) shared++;
    }
    const pairs = (N - 1) * REFERENCE_LENGTH;
    const q = 1 / REFERENCE_ALPHABET.length;
    expect(Math.abs(shared - pairs * q)).toBeLessThan(Z * Math.sqrt(pairs * q * (1 - q)));
  }, 60_000);

  it('a reference already taken is drawn again: the store never gives one twice', async () => {
    // A generator that repeats itself: the second lead draws the first one's reference first.
    const draws = [...'23456789', ...'23456789', ...'ACDEFHJK'].map((c) => REFERENCE_ALPHABET.indexOf(c));
    let n = 0;
    const repeating: RandomInt = () => draws[n++ % draws.length]!;
    const db = openDatabase(tempDir());
    const store = createLeadStore(db, createWriteBatcher(db), { outbox: createOutbox(db), targets: [] }, Date.now, repeating);
    const first = await store.save('society', lead(1), source, { spam: null, solution: null });
    const second = await store.save('society', lead(2), source, { spam: null, solution: null });
    db.close();
    expect('reference' in first && first.reference).toBe('SD-2345-6789');
    expect('reference' in second && second.reference).toBe('SD-ACDE-FHJK');
  });

  it('through the service: 2,000 answers, each with its lead’s own reference, all distinct', async () => {
    const server = await startServer({ env: { RATE_LIMIT_MAX: '100000' } });
    try {
      const answers: { email: string; reference: string }[] = [];
      for (let i = 0; i < N; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, async (_, j) => {
            const res = await postJson(`${server.url}/addSocietyQuery`, lead(i + j));
            expect(res.status).toBe(200);
            const body = (await res.json()) as { success: boolean; message: string; reference: string };
            return { email: lead(i + j).email, reference: body.reference };
          }),
        );
        answers.push(...batch);
      }
      expect(new Set(answers.map((a) => a.reference)).size).toBe(N);
      for (const a of answers) expect(a.reference).toMatch(REFERENCE_PATTERN);
      const stored = new Map(
        readDb(server.dataDir, (db) => db.prepare("SELECT json_extract(fields, '$.email') AS email, reference FROM leads").all() as { email: string; reference: string }[]).map(
          (r) => [r.email, r.reference],
        ),
      );
      for (const a of answers) expect(stored.get(a.email)).toBe(a.reference);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('lead references: leads stored before references', () => {
  it('a leads.db of schema 5 is upgraded and every lead in it gets its own reference, in batches', () => {
    const dir = tempDir();
    const old = new Database(dbPath(dir));
    old.exec(MIGRATIONS.slice(0, 5).join(';\n'));
    old.pragma('user_version = 5');
    const insert = old.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', ?, ?, ?)");
    for (let i = 0; i < 50; i++) insert.run(Date.now(), `key-${i}`, JSON.stringify(lead(i)));
    old.close();

    const db = openDatabase(dir);
    expect(db.prepare('SELECT COUNT(*) FROM leads WHERE reference IS NULL').pluck().get()).toBe(50); // the start does no work per lead
    // The service gives them theirs in batches once it runs (server/delivery/reference-backfill.ts).
    expect([assignMissingReferences(db, 20), assignMissingReferences(db, 20), assignMissingReferences(db, 20), assignMissingReferences(db, 20)]).toEqual([20, 20, 10, 0]);
    const rows = db.prepare('SELECT reference, language FROM leads').all() as { reference: string; language: string | null }[];
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.close();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(50);
    for (const r of rows) expect(r.reference).toMatch(REFERENCE_PATTERN);
    expect(rows.every((r) => r.language === null)).toBe(true); // read as English
  });
});

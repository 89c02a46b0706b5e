import { randomInt } from 'node:crypto';
import { formatReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../contract/lead-reference.ts';

/**
 * Makes lead references (contract/lead-reference.ts): each character drawn on its own,
 * uniformly, from a cryptographic source, so a reference says nothing about the lead's
 * number, its time or the reference before it. Uniqueness is the database's (a unique
 * index on leads.reference); a store draws again when one is taken.
 */

/** A random integer in [0, max): crypto.randomInt (uniform, no modulo bias), or a seeded one in tests. */
export type RandomInt = (max: number) => number;

export function newReference(random: RandomInt = randomInt): string {
  let characters = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) characters += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return formatReference(characters);
}

/** Draws until `taken` says no: at 10^6 stored leads a draw is taken once in 200,000, so ten misses mean something else is wrong. */
export function freeReference(taken: (reference: string) => boolean, random?: RandomInt): string {
  for (let attempt = 0; attempt < 10; attempt++) {
    const reference = newReference(random);
    if (!taken(reference)) return reference;
  }
  throw new Error('no free lead reference after 10 draws');
}

/** Candidates for a store that checks them inside its own transaction (PostgreSQL's save_lead takes the first free one). */
export const referenceCandidates = (count: number, random?: RandomInt): string[] => Array.from({ length: count }, () => newReference(random));

/**
 * The lead contract at the service: for each phone, email and one-line text of the table, the
 * service accepts (200) exactly what the contract accepts, on both lead endpoints (fastify's
 * inject, no socket). What the built forms' own validation says of the same table:
 * lead-contract.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validLead } from '../helpers/fixtures.ts';
import { EMAIL_CASES, PHONE_CASES, TEXT_CASES } from '../helpers/lead-cases.ts';
import { startServer } from '../helpers/server.ts';

let service: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  service = await startServer({ env: { RATE_LIMIT_MAX: '10000' } });
});
afterAll(() => service?.stop());

const endpoints = [
  { endpoint: '/addSocietyQuery', kind: 'society', textField: 'city' },
  { endpoint: '/addQuery', kind: 'career', textField: 'college' },
] as const;

describe.each(endpoints)('$endpoint: the service refuses exactly what the contract refuses', ({ endpoint, kind, textField }) => {
  it.each([
    ['phone', PHONE_CASES],
    ['email', EMAIL_CASES],
    [textField, TEXT_CASES],
  ] as const)('%s', async (field, cases) => {
    const byService = await Promise.all(
      cases.map(async ([value]) => (await service.app.inject({ method: 'POST', url: endpoint, payload: validLead(kind, { [field]: value }) })).statusCode === 200),
    );
    expect(cases.map(([value], i) => [value, byService[i]])).toEqual(cases.map(([value, accepted]) => [value, accepted]));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SumsubConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, VendorUnavailableError } from '../errors.ts';
import type { NonDocCheckInput, VerificationProvider } from '../port.ts';
import { startSumsubFake, type SumsubFake } from './fake.ts';
import { NON_DOC_TEST_NUMBERS } from './non-doc-fake.ts';
import { createSumsubProvider } from './sumsub.provider.ts';

/**
 * The Sumsub adapter's Non-Doc check against the local fake over real HTTP: the fake verifies the App
 * Token signature of every call as Sumsub does, keeps the applicant's fixedInfo and answers the
 * E_KYC_CHECK from its test registry.
 */
const SECRETS = { appToken: 'sbx:test-app-token', secretKey: 'test-secret-key', webhookSecret: 'test-webhook-secret-123' };
let fake: SumsubFake;
let config: SumsubConfig;
let sumsub: VerificationProvider;

beforeAll(async () => {
  fake = await startSumsubFake({ ...SECRETS, autoReviewMs: null });
  config = { ...SECRETS, baseUrl: fake.origin, websdkUrl: `${fake.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' }, nonDocLevelName: 'non-doc-test' };
  sumsub = createSumsubProvider(config, { timeoutMs: 300, retries: 1, backoffMs: 10 });
});
afterAll(async () => fake.close());

const CHINWE = { firstName: 'Chinwe', lastName: 'Okafor', dateOfBirth: '1990-04-12' };
let n = 0;
const check = (over: Partial<NonDocCheckInput>) => sumsub.nonDocCheck!({ userId: 'user-1', reference: `ref-${(n += 1)}`, country: 'NG', idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch, ...CHINWE, ...over });

describe('Sumsub Non-Doc check', () => {
  it('says what it covers: BVN and NIN in Nigeria, the ID number in South Africa, the CPF in Brazil', () => {
    expect(sumsub.nonDocCoverage!()).toEqual([
      { country: 'NG', idType: 'BVN' },
      { country: 'NG', idType: 'NIN' },
      { country: 'ZA', idType: 'ZA_ID' },
      { country: 'BR', idType: 'CPF' },
    ]);
  });

  it('a matching BVN: applicant created in the Non-Doc level with fixedInfo, the number sent as TAX_PAYER_NUMBER_DOC, GREEN -> APPROVED', async () => {
    const before = fake.calls.length;
    const result = await check({});
    expect(result).toMatchObject({ registry: 'MATCH', outcome: { status: 'APPROVED' } });
    const calls = fake.calls.slice(before).map((c) => `${c.method} ${c.path.split('?')[0]} ${c.status}`);
    expect(calls).toEqual([
      'POST /resources/applicants 201',
      `POST /resources/applicants/${result.externalId}/ekyc/submit 200`,
      'GET /resources/checks/latest 200',
    ]);
    expect(fake.calls.at(before)!.path).toBe('/resources/applicants?levelName=non-doc-test');
    // One applicant per check, never the user's document applicant.
    expect(fake.applicantOf('user-1')).toBeUndefined();
    const [made] = fake.nonDocChecksOf(result.externalId) as { id: string; inputDoc: unknown }[];
    expect(made!.id).toBe(result.checkId);
    expect(made!.inputDoc).toEqual({ country: 'NGA', idDocType: 'TAX_PAYER_NUMBER_DOC', number: NON_DOC_TEST_NUMBERS.bvnMatch });
  });

  it('names compare without case or accents; NIN goes as ID_CARD, South Africa as ZAF, the CPF as info.tin', async () => {
    expect((await check({ firstName: 'CHINWE', lastName: ' okafor ' })).registry).toBe('MATCH');
    const nin = await check({ idType: 'NIN', idNumber: NON_DOC_TEST_NUMBERS.ninMatch });
    expect(nin.registry).toBe('MATCH');
    expect((fake.nonDocChecksOf(nin.externalId)[0] as { inputDoc: unknown }).inputDoc).toEqual({ country: 'NGA', idDocType: 'ID_CARD', number: NON_DOC_TEST_NUMBERS.ninMatch });
    const za = await check({ country: 'ZA', idType: 'ZA_ID', idNumber: NON_DOC_TEST_NUMBERS.zaIdMatch, firstName: 'Thandiwe', lastName: 'Nkosi', dateOfBirth: '1990-01-01' });
    expect(za.registry).toBe('MATCH');
    const cpf = await check({ country: 'BR', idType: 'CPF', idNumber: NON_DOC_TEST_NUMBERS.cpfMatch, firstName: 'Ána', lastName: 'Souza', dateOfBirth: '1990-03-15' });
    expect(cpf.registry).toBe('MATCH');
    expect((fake.nonDocChecksOf(cpf.externalId)[0] as { inputDoc: unknown }).inputDoc).toEqual({ country: 'BRA', idDocType: 'TAX_PAYER_NUMBER_DOC', number: NON_DOC_TEST_NUMBERS.cpfMatch });
  });

  it("someone else's number, or another date of birth: RED with the record -> a RETRY rejection for DATA_MISMATCH, reviewers told why", async () => {
    const other = await check({ idNumber: NON_DOC_TEST_NUMBERS.bvnOtherPerson });
    expect(other).toMatchObject({ registry: 'MISMATCH', outcome: { status: 'REJECTED', mode: 'RETRY', reasonCode: 'DATA_MISMATCH', reasonCodes: ['DATA_MISMATCH'], userMessage: '' } });
    expect(other.outcome.status === 'REJECTED' && other.outcome.internalNote).toMatch(/does not match.*\n.*nameMismatch, dobMismatch/s);
    const born = await check({ dateOfBirth: '1990-04-13' });
    expect(born.registry).toBe('MISMATCH');
  });

  it('an unknown number: RED without a record -> NOT_FOUND, also a RETRY rejection', async () => {
    const unknown = await check({ idNumber: NON_DOC_TEST_NUMBERS.bvnUnknown });
    expect(unknown).toMatchObject({ registry: 'NOT_FOUND', outcome: { status: 'REJECTED', mode: 'RETRY', reasonCode: 'DATA_MISMATCH' } });
    expect(unknown.outcome.status === 'REJECTED' && unknown.outcome.internalNote).toMatch(/not found in the registry/);
  });

  it('the registry down (answer ERROR) -> VendorUnavailableError', async () => {
    await expect(check({ idNumber: NON_DOC_TEST_NUMBERS.bvnRegistryDown })).rejects.toBeInstanceOf(VendorUnavailableError);
  });

  it('wrong credentials: the fake refuses the signature (401) -> VendorProtocolError, no applicant made', async () => {
    const wrong = createSumsubProvider({ ...config, secretKey: 'not-the-secret' }, { timeoutMs: 300, retries: 0 });
    const before = fake.calls.length;
    await expect(wrong.nonDocCheck!({ userId: 'user-2', reference: 'r', country: 'NG', idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch, ...CHINWE })).rejects.toMatchObject({
      name: 'VendorProtocolError',
      status: 401,
    });
    expect(fake.calls.slice(before).map((c) => c.status)).toEqual([401]);
  });

  it('vendor down: a hang ends within the time limit -> VendorUnavailableError; a 503 then success is retried', async () => {
    fake.injectFaults({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    await expect(check({})).rejects.toBeInstanceOf(VendorUnavailableError);
    expect(Date.now() - started).toBeLessThan(3_000);
    fake.injectFaults({ kind: 'status', status: 503 });
    expect((await check({})).registry).toBe('MATCH');
  });

  it('garbage instead of JSON -> VendorProtocolError', async () => {
    fake.injectFaults({ kind: 'garbage' });
    await expect(check({})).rejects.toBeInstanceOf(VendorProtocolError);
  });
});

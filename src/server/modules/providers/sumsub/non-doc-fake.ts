import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeRoute } from '../fake-kit/fake-server.ts';

/**
 * The local Sumsub's Non-Doc (e-KYC) part (fake.ts mounts these routes behind its App Token check):
 * `POST /resources/applicants/{id}/ekyc/submit` looks the number up in the deterministic test
 * registry below and compares the record with the applicant's fixedInfo; `GET /resources/checks/latest`
 * answers the E_KYC_CHECK as Sumsub documents it (GREEN; RED with the record when it does not match;
 * RED without one when the number is unknown; ERROR when the registry is down).
 *
 * The test numbers (README, decision 019): the person is who the registry holds; any other name or
 * date of birth makes the same number a mismatch.
 */
export const NON_DOC_TEST_REGISTRY = [
  { country: 'NGA', idDocType: 'TAX_PAYER_NUMBER_DOC', number: '22212345678', firstName: 'Chinwe', lastName: 'Okafor', dob: '1990-04-12' },
  { country: 'NGA', idDocType: 'TAX_PAYER_NUMBER_DOC', number: '22287654321', firstName: 'Emeka', lastName: 'Nwosu', dob: '1985-09-30' },
  { country: 'NGA', idDocType: 'ID_CARD', number: '70012345678', firstName: 'Chinwe', lastName: 'Okafor', dob: '1990-04-12' },
  { country: 'ZAF', idDocType: 'ID_CARD', number: '9001015009086', firstName: 'Thandiwe', lastName: 'Nkosi', dob: '1990-01-01' },
  { country: 'BRA', idDocType: 'TAX_PAYER_NUMBER_DOC', number: '52998224725', firstName: 'Ana', lastName: 'Souza', dob: '1990-03-15' },
] as const;

/** Numbers with a fixed behaviour whoever asks: not in the registry, and the registry being down. */
export const NON_DOC_TEST_NUMBERS = {
  /** Nigeria BVN matching Chinwe Okafor, born 1990-04-12. */
  bvnMatch: '22212345678',
  /** Nigeria BVN of Emeka Nwosu (1985-09-30): a mismatch for anyone else. */
  bvnOtherPerson: '22287654321',
  /** Nigeria BVN the registry does not know. */
  bvnUnknown: '22200000000',
  /** Nigeria BVN for which the registry "does not answer" (check answer ERROR). */
  bvnRegistryDown: '22200000500',
  ninMatch: '70012345678',
  zaIdMatch: '9001015009086',
  cpfMatch: '52998224725',
} as const;

interface FixedInfo {
  firstName?: string;
  lastName?: string;
  dob?: string;
  country?: string;
}

/** What the Non-Doc routes need from the rest of the fake. */
export interface NonDocFakeDeps {
  /** Wraps a handler in Sumsub's App Token check. */
  api: (handler: (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>) => FakeRoute['handler'];
  fixedInfoOf: (applicantId: string) => FixedInfo | undefined;
  error: (status: number, description: string) => FakeReply;
}

/** Names compare as a registry clerk would: case, accents and surrounding spaces do not matter. */
const fold = (v: string | undefined) =>
  (v ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase();

export function nonDocRoutes({ api, fixedInfoOf, error }: NonDocFakeDeps): { routes: FakeRoute[]; checksOf: (applicantId: string) => unknown[] } {
  const checks = new Map<string, Record<string, unknown>[]>();

  function check(fixed: FixedInfo, input: { country: string; idDocType: string; number: string }): Record<string, unknown> {
    const base = { id: randomUUID(), checkType: 'E_KYC_CHECK', createdAt: new Date().toISOString().slice(0, 19).replace('T', ' '), inputDoc: input, ekycCheckInfo: {} };
    if (input.number === NON_DOC_TEST_NUMBERS.bvnRegistryDown) return { ...base, answer: 'ERROR' };
    const record = NON_DOC_TEST_REGISTRY.find((r) => r.country === input.country && r.idDocType === input.idDocType && r.number === input.number);
    if (!record) return { ...base, answer: 'RED', violations: ['noDataFound'] };
    const extractedDoc = { country: record.country, idDocType: record.idDocType, number: record.number, firstName: record.firstName.toUpperCase(), lastName: record.lastName.toUpperCase(), dob: record.dob };
    const violations = [
      ...(fold(fixed.firstName) !== fold(record.firstName) || fold(fixed.lastName) !== fold(record.lastName) ? ['nameMismatch'] : []),
      ...(fixed.dob !== record.dob ? ['dobMismatch'] : []),
    ];
    return violations.length === 0 ? { ...base, answer: 'GREEN', extractedDoc } : { ...base, answer: 'RED', extractedDoc, violations };
  }

  const routes: FakeRoute[] = [
    {
      method: 'POST',
      pattern: '/resources/applicants/:id/ekyc/submit',
      handler: api((request, { id = '' }) => {
        const fixed = fixedInfoOf(id);
        if (!fixed) return error(404, 'Applicant not found');
        let body: { idDoc?: { country?: unknown; idDocType?: unknown; number?: unknown }; info?: { country?: unknown; tin?: unknown } };
        try {
          body = JSON.parse(request.body.toString('utf8')) as typeof body;
        } catch {
          return error(400, 'Invalid JSON');
        }
        const input = body.idDoc
          ? { country: body.idDoc.country, idDocType: body.idDoc.idDocType, number: body.idDoc.number }
          : body.info
            ? { country: body.info.country, idDocType: 'TAX_PAYER_NUMBER_DOC', number: body.info.tin }
            : null;
        if (!input || typeof input.country !== 'string' || typeof input.idDocType !== 'string' || typeof input.number !== 'string' || !input.number) {
          return error(400, 'idDoc (country, idDocType, number) or info (country, tin) is required');
        }
        // The registry compares name and date of birth: without them there is nothing to check.
        if (!fixed.firstName || !fixed.lastName || !fixed.dob) return error(400, 'fixedInfo must hold firstName, lastName and dob');
        const result = check(fixed, { country: input.country, idDocType: input.idDocType, number: input.number });
        checks.set(id, [...(checks.get(id) ?? []), result]);
        return { status: 200, body: { status: 'completed' } };
      }),
    },
    {
      method: 'GET',
      pattern: '/resources/checks/latest',
      handler: api((request) => {
        const id = request.query.get('applicantId') ?? '';
        if (request.query.get('type') !== 'E_KYC_CHECK') return error(400, 'type is required');
        if (!fixedInfoOf(id)) return error(404, 'Applicant not found');
        const latest = checks.get(id)?.at(-1);
        return { status: 200, body: { checks: latest ? [latest] : [] } };
      }),
    },
  ];
  return { routes, checksOf: (applicantId) => checks.get(applicantId) ?? [] };
}

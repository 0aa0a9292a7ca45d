import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { Provider } from '../../../../shared/kyc.ts';
import { QuickKycIdType } from '../../../../shared/quick-kyc.ts';
import { VendorProtocolError, VendorUnavailableError } from '../errors.ts';
import type { NonDocCheckInput, NonDocCheckResult } from '../port.ts';
import type { VendorHttp, VendorRequest } from '../vendor-http.ts';

/**
 * Sumsub's Non-Doc (e-KYC) verification (docs.sumsub.com: "Get started with Non-Doc Identity
 * Verification", "Submit applicant data for Non-Doc Verification", "Get applicant data from Non-Doc
 * Verification"; decision 019):
 *   1. POST /resources/applicants?levelName=<a level with a Non-Doc step>, body { externalUserId,
 *      fixedInfo: { firstName, lastName, dob, country } } — the data the registry record is compared with;
 *   2. POST /resources/applicants/{id}/ekyc/submit — the number, per country: { idDoc: { country,
 *      idDocType, number } } (Nigeria's BVN as TAX_PAYER_NUMBER_DOC, its NIN and South Africa's ID as
 *      ID_CARD) or { info: { country, tin } } (Brazil's CPF);
 *   3. GET /resources/checks/latest?applicantId={id}&type=E_KYC_CHECK — the check: answer GREEN
 *      (found and matching), RED (not matching, or no data found: then without extractedDoc),
 *      YELLOW (still running), ERROR (the registry could not be asked).
 * One applicant per check (externalUserId = our user id + the check's reference), so a check's
 * record at Sumsub is never overwritten by the next one, and its webhooks never touch the applicant
 * of the user's document verification.
 */

/** What Sumsub covers here: our alpha-2 country, its alpha-3 (Sumsub's codes) and how the number is sent. */
const COVERAGE = [
  { country: 'NG', alpha3: 'NGA', idType: QuickKycIdType.BVN, send: 'idDoc', idDocType: 'TAX_PAYER_NUMBER_DOC' },
  { country: 'NG', alpha3: 'NGA', idType: QuickKycIdType.NIN, send: 'idDoc', idDocType: 'ID_CARD' },
  { country: 'ZA', alpha3: 'ZAF', idType: QuickKycIdType.ZA_ID, send: 'idDoc', idDocType: 'ID_CARD' },
  { country: 'BR', alpha3: 'BRA', idType: QuickKycIdType.CPF, send: 'info', idDocType: 'TAX_PAYER_NUMBER_DOC' },
] as const;

const applicantSchema = z.object({ id: z.string().min(1) });
const submitSchema = z.object({
  status: z.string(),
  // A country whose registry wants the person to confirm (OTP, bank login) answers with these: not
  // something a one-request check can do, so such a level must not be used for the quick path.
  confirmationType: z.string().optional(),
  confirmationId: z.string().optional(),
});
const checkSchema = z.object({
  id: z.string().min(1),
  answer: z.enum(['GREEN', 'RED', 'YELLOW', 'ERROR']),
  checkType: z.string(),
  createdAt: z.string().optional(),
  inputDoc: z.record(z.string(), z.unknown()).optional(),
  extractedDoc: z.record(z.string(), z.unknown()).nullable().optional(),
  violations: z.array(z.string()).optional(),
});
const checksSchema = z.object({ checks: z.array(checkSchema) });

export interface SumsubNonDocOptions {
  client: VendorHttp;
  sign: NonNullable<VendorRequest['sign']>;
  levelName: string;
  /** How often to ask again while the check is YELLOW, and how long to wait between (doubling). */
  polls?: number;
  pollMs?: number;
}

/** The non-doc part of the Sumsub adapter (spread into it by sumsub.provider.ts). */
export function createSumsubNonDoc({ client, sign, levelName, polls = 4, pollMs = 250 }: SumsubNonDocOptions) {
  const provider = Provider.PROVIDER_SUMSUB;

  async function latestCheck(applicantId: string) {
    for (let attempt = 0; ; attempt += 1) {
      const { data } = await client.json(
        { method: 'GET', path: `/resources/checks/latest?applicantId=${encodeURIComponent(applicantId)}&type=E_KYC_CHECK`, sign },
        checksSchema,
      );
      const check = data.checks.find((c) => c.checkType === 'E_KYC_CHECK');
      if (check && check.answer !== 'YELLOW') return check;
      // Registries answer within seconds; one that does not is "not answering" for the user now.
      if (attempt >= polls) throw new VendorUnavailableError(provider, 'the registry check did not finish in time');
      await delay(pollMs * 2 ** attempt);
    }
  }

  return {
    nonDocCoverage: () => COVERAGE.map(({ country, idType }) => ({ country, idType })),

    async nonDocCheck(input: NonDocCheckInput): Promise<NonDocCheckResult> {
      const how = COVERAGE.find((c) => c.country === input.country && c.idType === input.idType);
      if (!how) throw new VendorProtocolError(provider, `no Non-Doc check for ${input.idType} in ${input.country}`);
      const created = await client.json(
        {
          method: 'POST',
          path: `/resources/applicants?levelName=${encodeURIComponent(levelName)}`,
          body: JSON.stringify({
            externalUserId: `${input.userId}:non-doc:${input.reference}`,
            fixedInfo: { firstName: input.firstName, lastName: input.lastName, dob: input.dateOfBirth, country: how.alpha3 },
          }),
          sign,
        },
        applicantSchema,
      );
      const applicantId = created.data.id;
      const body = how.send === 'info' ? { info: { country: how.alpha3, tin: input.idNumber } } : { idDoc: { country: how.alpha3, idDocType: how.idDocType, number: input.idNumber } };
      const submitted = await client.json({ method: 'POST', path: `/resources/applicants/${encodeURIComponent(applicantId)}/ekyc/submit`, body: JSON.stringify(body), sign }, submitSchema);
      if (submitted.data.confirmationType) throw new VendorProtocolError(provider, `the Non-Doc level asks for a ${submitted.data.confirmationType} confirmation`);

      const check = await latestCheck(applicantId);
      const note = (what: string) => [`Sumsub E_KYC_CHECK ${check.id}: ${check.answer}, ${what}`, check.violations?.length ? `violations: ${check.violations.join(', ')}` : ''].filter(Boolean).join('\n');
      if (check.answer === 'ERROR') throw new VendorUnavailableError(provider, `the registry could not be asked (check ${check.id})`);
      if (check.answer === 'GREEN') return { externalId: applicantId, checkId: check.id, registry: 'MATCH', outcome: { status: 'APPROVED' } };
      // RED: "the applicant data does not match the database record, or no data was found" — the
      // record (extractedDoc) is there only when the number was found.
      const found = Boolean(check.extractedDoc && Object.keys(check.extractedDoc).length > 0);
      return {
        externalId: applicantId,
        checkId: check.id,
        registry: found ? 'MISMATCH' : 'NOT_FOUND',
        outcome: {
          status: 'REJECTED',
          // The user may still verify with a document: a registry miss is no proof of fraud.
          mode: 'RETRY',
          reasonCode: 'DATA_MISMATCH',
          reasonCodes: ['DATA_MISMATCH'],
          userMessage: '',
          internalNote: note(found ? 'the registry record does not match the name or date of birth' : 'the number was not found in the registry'),
        },
      };
    },
  };
}

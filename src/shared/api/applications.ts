import { z } from '../zod.ts';
import { DocumentType, KycLevel } from '../kyc.ts';
import { ValidationMessage, visibleText } from '../validation.ts';
import { monthsBefore, todayIso } from './calendar.ts';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ProofOfAddressType, supportedDocumentTypes } from './document-types.ts';
import { enabledCountryField, pastDateField, stepStatusValue, timestampValue, verifiableLevelValue } from './kyc-fields.ts';
import { KycRule } from './kyc-rules.ts';

/**
 * POST submit-application (beyond §7: the in-house provider's "send for review"), and the lifecycle
 * of the application it creates.
 */

/** The lifecycle of one submitted application. */
export const ApplicationStatus = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

const documentIdsField = z.array(z.uuid({ error: ValidationMessage.TYPE }), { error: ValidationMessage.TYPE }).min(1).max(4).optional();

/** Without `documentIds` the newest uploaded draft of each required kind is used. */
export const submitApplicationRequest = z.discriminatedUnion(
  'level',
  [
    z
      .object({
        level: z.literal(KycLevel.LEVEL_1),
        /** The identity document's issuing country. */
        country: enabledCountryField,
        documentType: z.enum(
          [DocumentType.ID_CARD, DocumentType.PASSPORT, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT, DocumentType.BANK_VERIFICATION_NUMBER],
          { error: ValidationMessage.TYPE },
        ),
        documentNumber: z.string({ error: ValidationMessage.TYPE }).trim().check(visibleText).max(32, { error: ValidationMessage.MAX_LENGTH }).default(''),
        documentIds: documentIdsField,
      })
      .superRefine((v, ctx) => {
        if (!supportedDocumentTypes(v.country).some((d) => d.type === v.documentType)) {
          ctx.addIssue({ code: 'custom', path: ['documentType'], message: KycRule.DOCUMENT_TYPE_NOT_SUPPORTED });
        }
        if (v.documentType === DocumentType.BANK_VERIFICATION_NUMBER && !/^\d{11}$/.test(v.documentNumber)) {
          ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: KycRule.INVALID_BVN });
        }
      }),
    z.object({
      level: z.literal(KycLevel.LEVEL_2),
      proofOfAddressType: z.enum([ProofOfAddressType.BANK_STATEMENT, ProofOfAddressType.UTILITY_BILL], { error: ValidationMessage.TYPE }),
      /** The date printed on the statement or bill. */
      issuedOn: pastDateField.refine((v) => v >= monthsBefore(todayIso(), PROOF_OF_ADDRESS_MAX_AGE_MONTHS), {
        error: KycRule.DOCUMENT_TOO_OLD,
        params: { months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS },
      }),
      documentIds: documentIdsField,
    }),
  ],
  { error: ValidationMessage.TYPE },
);
export type SubmitApplicationRequest = z.input<typeof submitApplicationRequest>;
export type SubmitApplication = z.output<typeof submitApplicationRequest>;

export const submitApplicationResult = z.object({
  applicationId: z.string(),
  level: verifiableLevelValue,
  /** The level's step after submitting (PENDING). */
  status: stepStatusValue,
  submittedAt: timestampValue,
});
export type SubmitApplicationResult = z.output<typeof submitApplicationResult>;

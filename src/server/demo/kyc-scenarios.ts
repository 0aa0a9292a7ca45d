import { submitApplicationRequest } from '../../shared/api/applications.ts';
import { monthsBefore, todayIso } from '../../shared/api/calendar.ts';
import { personalInfoSchema, type PersonalInfoInput } from '../../shared/api/personal-info.ts';
import { RejectMode } from '../../shared/review-reasons.ts';
import { DocumentKind, DocumentType, KycLevel } from '../../shared/kyc.ts';
import { SubjectKind } from '../../shared/review.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { ConsoleService } from '../modules/console/console.service.ts';
import type { ReviewService } from '../modules/review/review.service.ts';
import type { KycService } from '../modules/kyc/kyc.service.ts';
import { renderSpecimen, type SpecimenPerson } from './specimen-images.ts';

/** The services a KYC scenario is built with (a subset of app.services). */
export interface ScenarioServices {
  kyc: KycService;
  console: ConsoleService;
  review: Pick<ReviewService, 'casesOfSubjects'>;
  documents: {
    upload(userId: string, input: { kind: DocumentKind; level: 1 | 2; bytes: Buffer }, actor: Actor): Promise<{ id: string }>;
  };
}

/** Where a user's verification stands (demo users, e2e fixtures). */
export const KycScenario = {
  UNVERIFIED: 'UNVERIFIED',
  /** Personal information saved, nothing submitted. */
  PERSONAL_INFO: 'PERSONAL_INFO',
  L1_PENDING: 'L1_PENDING',
  L1_APPROVED: 'L1_APPROVED',
  L1_RETRY: 'L1_RETRY',
  L1_FINAL: 'L1_FINAL',
  L2_PENDING: 'L2_PENDING',
  L2_APPROVED: 'L2_APPROVED',
} as const;
export type KycScenario = (typeof KycScenario)[keyof typeof KycScenario];

export const DEMO_PERSONAL_INFO: PersonalInfoInput = {
  firstName: 'Alex',
  lastName: 'Example',
  dateOfBirth: '1990-04-12',
  nationality: 'DE',
  residenceCountry: 'DE',
  addressLine1: 'Musterstraße 1',
  city: 'Berlin',
  postalCode: '10115',
};

/** A different (invented) person per demo state, so the console queue reads like a real one. */
const DEMO_PEOPLE: Partial<Record<KycScenario, PersonalInfoInput>> = {
  L1_PENDING: { firstName: 'Sofia', lastName: 'Rossi', dateOfBirth: '1994-07-21', nationality: 'IT', residenceCountry: 'IT', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121' },
  L1_APPROVED: { firstName: 'Lukas', lastName: 'Schmidt', dateOfBirth: '1987-02-03', nationality: 'DE', residenceCountry: 'DE', addressLine1: 'Hauptstraße 5', city: 'Hamburg', postalCode: '20095' },
  L1_RETRY: { firstName: 'José', lastName: 'Álvarez', dateOfBirth: '1999-11-30', nationality: 'ES', residenceCountry: 'ES', addressLine1: 'Calle Mayor 3', city: 'Madrid', postalCode: '28013' },
  L1_FINAL: { firstName: 'Amara', lastName: 'Okafor', dateOfBirth: '1992-05-14', nationality: 'NG', residenceCountry: 'NG', addressLine1: '12 Marina Road', city: 'Lagos', stateRegion: 'Lagos', postalCode: '101001' },
  L2_APPROVED: { firstName: 'Aiko', lastName: 'Tanaka', dateOfBirth: '1985-09-09', nationality: 'JP', residenceCountry: 'JP', addressLine1: '1-1 Chiyoda', city: 'Tokyo', postalCode: '100-0001' },
};

const toSpecimenPerson = (info: PersonalInfoInput): SpecimenPerson => ({
  firstName: info.firstName,
  lastName: info.lastName,
  dateOfBirth: info.dateOfBirth,
  nationality: info.nationality,
  addressLines: [info.addressLine1, info.addressLine2 ?? '', `${info.postalCode ?? ''} ${info.city}`.trim(), info.residenceCountry].filter(Boolean),
});

/**
 * Brings an existing user to `scenario` the way a person and a reviewer would: personal information,
 * specimen uploads (rendered SPECIMEN pictures), submissions, and decisions by `reviewerId` through
 * the console service (on the applications' review cases). Returns the ids of the applications created.
 */
export async function buildKycScenario(
  services: ScenarioServices,
  userId: string,
  scenario: KycScenario,
  opts: { reviewerId?: string; confirmerId?: string; personalInfo?: PersonalInfoInput } = {},
): Promise<string[]> {
  if (scenario === KycScenario.UNVERIFIED) return [];
  const user: Actor = { type: 'user', id: userId };
  const info = opts.personalInfo ?? DEMO_PEOPLE[scenario] ?? DEMO_PERSONAL_INFO;
  const person = toSpecimenPerson(info);
  await services.kyc.savePersonalInfo(userId, personalInfoSchema.parse(info), user);
  if (scenario === KycScenario.PERSONAL_INFO) return [];

  const reviewer = (): Actor => {
    if (!opts.reviewerId) throw new Error(`scenario ${scenario} needs a reviewer`);
    return { type: 'reviewer', id: opts.reviewerId };
  };
  /**
   * Where four-eyes applies (FOUR_EYES_RULES: level-2 approvals and FINAL rejections by default),
   * the decision is a proposal: the second reviewer confirms it, as in the console.
   */
  const secondLook = async (caseId: string, result: { proposal: unknown }) => {
    if (result.proposal === null) return;
    if (!opts.confirmerId) throw new Error(`scenario ${scenario} needs a second reviewer (four-eyes)`);
    await services.console.confirm(caseId, { type: 'reviewer', id: opts.confirmerId }, { note: 'Second look: agreed.' });
  };
  const applications: string[] = [];
  // A reviewer works on the application's review case (opened by the submission).
  const caseOf = async (applicationId: string): Promise<string> => {
    const found = (await services.review.casesOfSubjects(SubjectKind.KYC_APPLICATION, [applicationId])).get(applicationId);
    if (!found) throw new Error(`no review case for application ${applicationId}`);
    return found.id;
  };

  for (const kind of [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE]) {
    const bytes = await renderSpecimen({ kind, documentType: DocumentType.ID_CARD, person });
    await services.documents.upload(userId, { kind, level: KycLevel.LEVEL_1, bytes }, user);
  }
  const l1 = await services.kyc.submitApplication(
    userId,
    submitApplicationRequest.parse({ level: 1, country: info.nationality, documentType: DocumentType.ID_CARD }),
    user,
  );
  applications.push(l1.applicationId);
  if (scenario === KycScenario.L1_PENDING) return applications;

  if (scenario === KycScenario.L1_RETRY) {
    await services.console.reject(await caseOf(l1.applicationId), reviewer(), {
      mode: RejectMode.RETRY,
      reasonCode: 'DOCUMENT_UNREADABLE',
      userMessage: 'The photo of the back of your ID card is blurred. Please retake it in good light.',
      internalNote: 'Back side out of focus; front and selfie fine.',
    });
    return applications;
  }
  if (scenario === KycScenario.L1_FINAL) {
    const caseId = await caseOf(l1.applicationId);
    await secondLook(caseId, await services.console.reject(caseId, reviewer(), {
      mode: RejectMode.FINAL,
      reasonCode: 'DUPLICATE_ACCOUNT',
      userMessage: 'This identity is already verified on another account. Please use that account.',
      internalNote: 'Same document number as an existing verified account (demo data).',
    }));
    return applications;
  }
  const l1Case = await caseOf(l1.applicationId);
  await secondLook(l1Case, await services.console.approve(l1Case, reviewer(), { internalNote: 'Document and selfie match; data consistent.' }));
  if (scenario === KycScenario.L1_APPROVED) return applications;

  // A statement dated a few weeks ago: within the 3-month limit whenever the seed runs.
  const issuedOn = monthsBefore(todayIso(), 1);
  const bytes = await renderSpecimen({ kind: DocumentKind.PROOF_OF_ADDRESS, person, issuedOn });
  await services.documents.upload(userId, { kind: DocumentKind.PROOF_OF_ADDRESS, level: KycLevel.LEVEL_2, bytes }, user);
  const l2 = await services.kyc.submitApplication(userId, submitApplicationRequest.parse({ level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn }), user);
  applications.push(l2.applicationId);
  if (scenario === KycScenario.L2_PENDING) return applications;

  const l2Case = await caseOf(l2.applicationId);
  await secondLook(l2Case, await services.console.approve(l2Case, reviewer(), { internalNote: 'Utility bill matches the residence address.' }));
  return applications;
}

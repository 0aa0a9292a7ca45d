import { todayIso } from '../../shared/api/calendar.ts';
import type { PersonalInfoInput } from '../../shared/api/personal-info.ts';
import { requestReverificationRequest, updatePoiRequest } from '../../shared/api/reverification.ts';
import { DocumentKind, DocumentType, KycLevel } from '../../shared/kyc.ts';
import { RejectMode } from '../../shared/review-reasons.ts';
import { SubjectKind } from '../../shared/review.ts';
import { Site } from '../../shared/sites.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { RequestPlace, ReverificationService } from '../modules/reverification/reverification.service.ts';
import { buildKycScenario, KycScenario, type ScenarioServices } from './kyc-scenarios.ts';
import { renderSpecimen } from './specimen-images.ts';

/** The services a re-verification scenario is built with (a subset of app.services). */
export interface ReverificationScenarioServices extends ScenarioServices {
  reverification: Pick<ReverificationService, 'submitPoi' | 'setSite'>;
}

/** Where a verified user's re-verification of the identity document stands (§4), for demo users. */
export const ReverificationScenario = {
  /** A reviewer asked for a new identity document: _Needed. */
  NEEDED: 'NEEDED',
  /** The user sent it: _Pending, a REVERIFICATION case in the console's queue. */
  PENDING: 'PENDING',
  /** The reviewer rejected it once: _Rejected, with the reason and message. */
  REJECTED: 'REJECTED',
  /** Rejected three times today: _Rejected_Daily until the next day. */
  REJECTED_DAILY: 'REJECTED_DAILY',
  /** Site TUR and residence TR, asked for a new document: _Needed, completed in the app (§2). */
  TURKEY_NEEDED: 'TURKEY_NEEDED',
} as const;
export type ReverificationScenario = (typeof ReverificationScenario)[keyof typeof ReverificationScenario];

/** An invented person per state (the console's queue reads like a real one). */
const PEOPLE: Record<ReverificationScenario, PersonalInfoInput> = {
  NEEDED: { firstName: 'Emma', lastName: 'Dubois', dateOfBirth: '1988-03-14', nationality: 'BE', residenceCountry: 'BE', addressLine1: 'Rue Neuve 12', city: 'Bruxelles', postalCode: '1000' },
  PENDING: { firstName: 'Jan', lastName: 'de Vries', dateOfBirth: '1979-12-01', nationality: 'NL', residenceCountry: 'NL', addressLine1: 'Damrak 20', city: 'Amsterdam', postalCode: '1012 LJ' },
  REJECTED: { firstName: 'Ingrid', lastName: 'Larsen', dateOfBirth: '1991-06-25', nationality: 'NO', residenceCountry: 'NO', addressLine1: 'Karl Johans gate 7', city: 'Oslo', postalCode: '0154' },
  REJECTED_DAILY: { firstName: 'Piotr', lastName: 'Nowak', dateOfBirth: '1983-10-17', nationality: 'PL', residenceCountry: 'PL', addressLine1: 'ul. Marszałkowska 10', city: 'Warszawa', postalCode: '00-590' },
  TURKEY_NEEDED: { firstName: 'Elif', lastName: 'Yılmaz', dateOfBirth: '1995-01-30', nationality: 'TR', residenceCountry: 'TR', addressLine1: 'İstiklal Caddesi 100', city: 'İstanbul', postalCode: '34430' },
};

/** How many updates each state sends, and how many of them the reviewer rejects. */
const ROUNDS: Record<ReverificationScenario, { submit: number; reject: number }> = {
  NEEDED: { submit: 0, reject: 0 },
  PENDING: { submit: 1, reject: 0 },
  REJECTED: { submit: 1, reject: 1 },
  REJECTED_DAILY: { submit: 3, reject: 3 },
  TURKEY_NEEDED: { submit: 0, reject: 0 },
};

/** Seeding runs outside any request: the main region, links relative to the server's own origin. */
const SEED_PLACE: RequestPlace = { site: 'MAIN', origin: '' };
const SYSTEM: Actor = { type: 'system', id: null };
const addDaysIso = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Brings a new user to `scenario` the way the product would: level 1 approved by the reviewer
 * (kyc-scenarios), the reviewer's request through the console service (mailed to the outbox), and
 * for the later states the user's updates (specimen ID card photos, update-poi) and the reviewer's
 * rejections on their REVERIFICATION review cases.
 */
export async function buildReverificationScenario(services: ReverificationScenarioServices, userId: string, email: string, scenario: ReverificationScenario, reviewerId: string | undefined): Promise<void> {
  if (!reviewerId) throw new Error(`re-verification scenario ${scenario} needs a reviewer`);
  const reviewer: Actor = { type: 'reviewer', id: reviewerId };
  const user: Actor = { type: 'user', id: userId };
  const info = PEOPLE[scenario];
  await buildKycScenario(services, userId, KycScenario.L1_APPROVED, { reviewerId, personalInfo: info });
  // §2: the Turkey region is the TUR site and residence TR together (the residence comes from the personal information).
  if (scenario === ReverificationScenario.TURKEY_NEEDED) await services.reverification.setSite(userId, Site.TUR, SYSTEM);

  await services.console.requestReverification(
    requestReverificationRequest.parse({
      email,
      target: 'POI',
      reason: 'DOCUMENT_EXPIRED',
      message: 'The identity card we verified has expired. Please send your new one.',
      deadline: addDaysIso(todayIso(), 30),
    }),
    reviewer,
    SEED_PLACE,
  );

  const person = { firstName: info.firstName, lastName: info.lastName, dateOfBirth: info.dateOfBirth, nationality: info.nationality, addressLines: [info.addressLine1, info.city] };
  const { submit, reject } = ROUNDS[scenario];
  for (let round = 1; round <= submit; round++) {
    for (const kind of [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE]) {
      const bytes = await renderSpecimen({ kind, documentType: DocumentType.ID_CARD, person });
      await services.documents.upload(userId, { kind, level: KycLevel.LEVEL_1, bytes }, user);
    }
    const sent = await services.reverification.submitPoi(
      userId,
      updatePoiRequest.parse({
        country: info.nationality,
        documentType: DocumentType.ID_CARD,
        // Another number each round: a new card each time (one number is never on two accounts).
        documentNumber: `${info.nationality}${userId.replace(/-/g, '').slice(0, 8).toUpperCase()}${round}`,
        expiryDate: addDaysIso(todayIso(), 3650),
        firstName: info.firstName,
        lastName: info.lastName,
        dateOfBirth: info.dateOfBirth,
      }),
      user,
      SEED_PLACE,
    );
    if (round > reject) continue;
    const found = (await services.review.casesOfSubjects(SubjectKind.REVERIFICATION, [sent.submissionId])).get(sent.submissionId);
    if (!found) throw new Error(`no review case for re-verification submission ${sent.submissionId}`);
    await services.console.reject(found.id, reviewer, {
      mode: RejectMode.RETRY,
      reasonCode: 'DOCUMENT_UNREADABLE',
      userMessage: 'The photo of your new identity card is blurred. Please retake it in good light.',
      internalNote: `Demo rejection ${round} of ${reject}.`,
    });
  }
}

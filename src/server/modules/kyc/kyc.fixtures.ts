import type { Config } from '../../config.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import type { PersonalInfoInput } from '../../../shared/api/personal-info.ts';
import { DocumentKind, DocumentType, type VerifiableLevel } from '../../../shared/kyc.ts';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { renderSpecimen } from '../../demo/specimen-images.ts';

/** Test helpers for the KYC and console suites (server side, app.inject on a fresh database). */

/** Many sign-ups from one test client: lift the per-IP sign-up ceiling, keep everything else. */
export function createKycTestApp(overrides: Partial<Config> = {}) {
  // Single-step decisions: the KYC and console tests decide alone; four-eyes (FOUR_EYES_RULES) has its own tests (modules/records).
  return createTestApp({ fourEyes: [], login: { freeFailuresPerAccountIp: 5, freeFailuresPerAccount: 20, maxAttemptsPerIp: 10_000, windowMs: 60_000, maxDelayMs: 900_000 }, ...overrides });
}

export const VALID_INFO: PersonalInfoInput = {
  firstName: 'Ada',
  middleName: '',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  nationality: 'GB',
  residenceCountry: 'GB',
  addressLine1: '12 Example Street',
  addressLine2: 'Flat 3',
  city: 'London',
  stateRegion: '',
  postalCode: 'SW1A 1AA',
};

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

export async function newUser(app: App, email: string): Promise<TestUser> {
  const cookie = await signIn(app, email);
  const row = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: row.id, email, cookie };
}

export async function newReviewer(app: App, email = 'rev@example.com'): Promise<TestUser> {
  const password = 'reviewer-password-1';
  const id = await app.services.accounts.createUser({ email, password }, { type: 'system', id: null }, UserRole.REVIEWER);
  const cookie = await signIn(app, email, password, false);
  return { id, email, cookie };
}

export function post(app: App, url: string, payload: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url: `/x-api${url}`, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
}

export function get(app: App, url: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/x-api${url}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

/** Uploads specimen pictures of `kinds` as the user's drafts (through the documents service). */
export async function uploadDrafts(app: App, userId: string, level: VerifiableLevel, kinds: DocumentKind[], documentType: DocumentType = DocumentType.ID_CARD) {
  const person = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', addressLines: ['12 Example Street', 'London'] };
  const ids: string[] = [];
  for (const kind of kinds) {
    const bytes = await renderSpecimen({ kind, documentType, person, issuedOn: '2026-01-01' });
    const doc = await app.services.documents.upload(userId, { kind, level, bytes }, { type: 'user', id: userId });
    ids.push(doc.id);
  }
  return ids;
}

export const ID_CARD_KINDS = [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE];

/** Personal information saved and a driving licence submitted for level 1; returns the application id. */
export async function submitLevel1(app: App, user: TestUser, info: PersonalInfoInput = VALID_INFO): Promise<string> {
  const saved = await post(app, '/v3/private/kyc/kyc-personal-info', info, user.cookie);
  if (saved.json().ret_code !== 0) throw new Error(`save failed: ${saved.body}`);
  await uploadDrafts(app, user.id, 1, ID_CARD_KINDS, DocumentType.DRIVERS_LICENSE);
  const res = await post(app, '/v3/private/kyc/submit-application', { level: 1, country: info.nationality, documentType: 'DRIVERS_LICENSE' }, user.cookie);
  if (res.json().ret_code !== 0) throw new Error(`submit failed: ${res.body}`);
  return res.json().result.applicationId as string;
}

/** A YYYY-MM-DD date `days` before today (UTC). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The review case of an application (opened by its submission). */
export async function caseOf(app: App, applicationId: string): Promise<string> {
  const found = (await app.services.review.casesOfSubjects('KYC_APPLICATION', [applicationId])).get(applicationId);
  if (!found) throw new Error(`no review case for application ${applicationId}`);
  return found.id;
}

/** The stored KYC level statuses of a user (steps never changed have no row), lowest level first. */
export async function storedSteps(app: App, userId: string): Promise<{ level: number; status: string }[]> {
  const rows = await app.db.selectFrom('step_states').select(['step', 'status']).where('machine', '=', 'kyc_level').where('subject_id', '=', userId).orderBy('step').execute();
  return rows.map((r) => ({ level: Number(r.step), status: r.status }));
}

import { createHmac } from 'node:crypto';
import { todayIso } from '../../shared/api/calendar.ts';
import type { PersonalInfoInput } from '../../shared/api/personal-info.ts';
import { requestReverificationRequest } from '../../shared/api/reverification.ts';
import { Provider } from '../../shared/kyc.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import { SUMSUB_DEMO_CREDENTIALS } from '../modules/providers/providers.service.ts';
import { buildKycScenario, KycScenario, type ScenarioServices } from './kyc-scenarios.ts';

/**
 * The demo user whom Sumsub verifies and who is asked for a new identity document
 * (`reverify-vendor@example.com`, decision 017 "Updates at a vendor"): level 1 approved through the
 * services as the product does it with the local Sumsub fake — a session (vendor-token: the
 * applicant at the fake), the fake's sandbox review, and Sumsub's signed webhooks (pending, then
 * GREEN) through the webhook path — then a reviewer's request for a new identity document.
 *
 * Seeding runs before the server listens, so the fake cannot call us yet: the webhooks it would
 * send are signed here with the fake's webhook secret and handed to the same receiver. Without the
 * Sumsub fake (no vendor fakes, or real Sumsub credentials: never seed a real vendor) the user's
 * level 1 is approved in-house instead; a GB resident is still routed to Sumsub wherever the
 * routing says so, which is all the update needs.
 */

export interface VendorDemo {
  /** The Sumsub fake's webhook secret (its demo credentials are published). */
  sumsubWebhookSecret: string;
}

/** Lives in GB (the demo routing sends GB residents to Sumsub); French, so the in-house fallback has an identity card to show. */
export const REVERIFY_VENDOR_PERSON: PersonalInfoInput = {
  firstName: 'Camille',
  lastName: 'Laurent',
  dateOfBirth: '1987-09-21',
  nationality: 'FR',
  residenceCountry: 'GB',
  addressLine1: '14 Royal Crescent',
  city: 'Bath',
  postalCode: 'BA1 2LR',
};

const sumsubTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
const addDaysIso = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A Sumsub webhook as the fake would send it, signed with its webhook secret (x-payload-digest). */
function sumsubWebhook(secret: string, body: Record<string, unknown>) {
  const raw = Buffer.from(JSON.stringify(body));
  const digest = createHmac('sha256', secret).update(raw).digest('hex');
  return { headers: { 'content-type': 'application/json', 'x-payload-digest': digest, 'x-payload-digest-alg': 'HMAC_SHA256_HEX' }, query: {}, rawBody: raw };
}

/** Sumsub's sandbox review at the fake (so its applicant is reviewed there too), signed with the demo App Token. */
async function sandboxReview(apiUrl: string, applicantId: string): Promise<void> {
  const path = `/resources/applicants/${applicantId}/status/testCompleted`;
  const body = JSON.stringify({ reviewAnswer: 'GREEN' });
  const ts = Math.floor(Date.now() / 1000).toString();
  const sig = createHmac('sha256', SUMSUB_DEMO_CREDENTIALS.secretKey).update(ts + 'POST' + path + body).digest('hex');
  const res = await fetch(`${apiUrl}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-app-token': SUMSUB_DEMO_CREDENTIALS.appToken, 'x-app-access-ts': ts, 'x-app-access-sig': sig } });
  if (res.status !== 200) throw new Error(`Sumsub fake refused the sandbox review: ${res.status}`);
}

export async function buildVendorReverificationScenario(services: ScenarioServices, userId: string, email: string, reviewerId: string | undefined, vendorDemo: VendorDemo | undefined): Promise<void> {
  if (!reviewerId) throw new Error('the vendor re-verification scenario needs a reviewer');
  const reviewer: Actor = { type: 'reviewer', id: reviewerId };
  const user: Actor = { type: 'user', id: userId };
  await buildKycScenario(services, userId, KycScenario.PERSONAL_INFO, { personalInfo: REVERIFY_VENDOR_PERSON });
  const { provider } = await services.kyc.getProvider(userId, 1);

  if (provider === Provider.PROVIDER_SUMSUB && vendorDemo) {
    const session = await services.kyc.vendorToken(userId, 1, { site: 'MAIN' }, { origin: '', language: 'en' }, user);
    await sandboxReview(session.apiUrl, session.externalId);
    const event = (type: string, extra: Record<string, unknown>, at: Date) => ({ applicantId: session.externalId, externalUserId: userId, type, sandboxMode: true, createdAtMs: sumsubTime(at), ...extra });
    const now = Date.now();
    const deliver = (body: Record<string, unknown>) => services.kyc.receiveWebhook(Provider.PROVIDER_SUMSUB, sumsubWebhook(vendorDemo.sumsubWebhookSecret, body));
    await deliver(event('applicantPending', { reviewStatus: 'pending' }, new Date(now)));
    await deliver(event('applicantReviewed', { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } }, new Date(now + 1)));
    if ((await services.kyc.levelOf(userId)) < 1) throw new Error('the Sumsub demo approval did not reach level 1');
  } else if (provider === Provider.PROVIDER_DEFAULT) {
    await buildKycScenario(services, userId, KycScenario.L1_APPROVED, { reviewerId, personalInfo: REVERIFY_VENDOR_PERSON });
  } else {
    // Real credentials route this resident to a real vendor: nothing is sent there from a seed.
    return;
  }

  await services.console.requestReverification(
    requestReverificationRequest.parse({
      email,
      target: 'POI',
      reason: 'DOCUMENT_EXPIRED',
      message: 'The passport we verified has expired. Please verify your new one with Sumsub.',
      deadline: addDaysIso(todayIso(), 30),
    }),
    reviewer,
    { site: 'MAIN', origin: '' },
  );
}

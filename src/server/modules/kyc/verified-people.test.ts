import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from './kyc.fixtures.ts';
import { createVerifiedPeople } from './verified-people.ts';

/**
 * Verified users as the kyc module answers other modules (decision 063): from its own personal
 * information and the steps module's statuses through its service, no join of the two modules'
 * tables. SQLite, and PostgreSQL under scripts/with-postgres.sh.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
const FR = { ...VALID_INFO, nationality: 'FR', residenceCountry: 'FR' };

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'vp-reviewer@example.com');
});
afterAll(async () => close());

async function verified(info = VALID_INFO): Promise<TestUser> {
  const u = await newUser(app, `vp-${++seq}@example.com`);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, info)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  return u;
}

describe('verified users in some countries (a risk list re-assesses them, decision 041)', () => {
  it('pages through the people of those countries and keeps the verified ones, across pages of candidates', async () => {
    const want: string[] = [];
    for (const isVerified of [false, true, false, false, true, true]) {
      if (isVerified) {
        want.push((await verified(FR)).id);
        continue;
      }
      // Personal information given, level 1 never reached.
      const u = await newUser(app, `vp-${++seq}@example.com`);
      expect((await post(app, '/v3/private/kyc/kyc-personal-info', FR, u.cookie)).json().ret_code).toBe(0);
    }
    // A verified user living elsewhere, of another nationality.
    await verified();
    want.sort();

    expect(await app.services.kyc.verifiedUsersIn(['FR'], '', 10)).toEqual(want);
    expect(await app.services.kyc.verifiedUsersIn(['GB'], '', 10)).toHaveLength(1);
    expect(await app.services.kyc.verifiedUsersIn(['JP'], '', 10)).toEqual([]);
    expect(await app.services.kyc.verifiedUsersIn([], '', 10)).toEqual([]);

    // Two candidates per statement (ids are random, so verified and unverified people share pages or
    // fill some alone): page by page, as the re-assessment walks, every verified user once, in order.
    const small = createVerifiedPeople({ db: app.db, candidatePage: 2 });
    for (const limit of [1, 2]) {
      const walked: string[] = [];
      for (let after = ''; ; ) {
        const page = await small.verifiedUsersIn(['FR'], after, limit);
        walked.push(...page);
        if (page.length < limit) break;
        after = page.at(-1)!;
      }
      expect(walked).toEqual(want);
    }
  });

  it('verifiedSince: when level 1 was reached, for a verified user with personal information; null otherwise', async () => {
    const u = await verified();
    const changedAt = (await app.db.selectFrom('step_states').select('updated_at').where('machine', '=', 'kyc_level').where('subject_id', '=', u.id).where('step', '=', '1').executeTakeFirstOrThrow()).updated_at;
    expect(await app.services.kyc.verifiedSince(app.db, u.id)).toBe(changedAt);
    const pending = await newUser(app, `vp-${++seq}@example.com`);
    await submitLevel1(app, pending);
    expect(await app.services.kyc.verifiedSince(app.db, pending.id)).toBeNull();
    expect(await app.services.kyc.verifiedSince(app.db, (await newUser(app, `vp-${++seq}@example.com`)).id)).toBeNull();
  });
});

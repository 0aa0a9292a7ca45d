import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { changeMarkOf } from '../../db/index.ts';
import { watchStatements } from '../../test/statements.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * GET profile, the first call of every page, kept per user while the user's change stamps stand
 * (db/stamped-cache.ts, as kyc-info's replies): a kept profile costs the session's statement only,
 * and a change to the user's row or steps, by any path, shows at the next read.
 */
let app: App;
let close: () => Promise<void>;
let watch: ReturnType<typeof watchStatements>;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  watch = watchStatements(app);
});
afterAll(() => close());

/** The user's profile as the page reads it, and the statements the request ran. */
async function profile(user: TestUser): Promise<{ result: Record<string, unknown>; statements: string[] }> {
  const { value: res, statements } = await watch(() => get(app, ApiPath.profile, user.cookie));
  expect(res.json().ret_code).toBe(0);
  return { result: res.json().result, statements };
}
const built = (ran: string[]) => ran.some((q) => q.includes('"step_states"'));

describe('GET profile served from the kept profile', () => {
  it('is built once, then served with the session statement alone (on SQLite none); another user changing leaves it kept', async () => {
    const user = await newUser(app, 'profile-cache-1@example.com');
    const other = await newUser(app, 'profile-cache-2@example.com');
    const first = await profile(user);
    expect(built(first.statements)).toBe(true);
    expect(first.result).toMatchObject({ email: 'profile-cache-1@example.com', level: 0, member_tag: {} });
    const again = await profile(user);
    expect(again.result).toEqual(first.result);
    // On PostgreSQL the request layer also counts the caller's IP against the shared ceiling: not the profile's.
    // On SQLite not even the session's: nothing was written, the session is kept in memory too.
    const ofProfile = again.statements.filter((q) => !q.includes('"rate_limits"'));
    if (changeMarkOf(app.db)) expect(ofProfile).toEqual([]);
    else {
      expect(ofProfile).toHaveLength(1);
      expect(ofProfile[0]).toContain('"sessions"');
    }

    await app.db.updateTable('users').set({ currency_code: 'EUR' }).where('id', '=', other.id).execute();
    expect(built((await profile(user)).statements)).toBe(false);
  });

  it("the user's own row changed by any path, and a level reached, show at the next read", async () => {
    const user = await newUser(app, 'profile-cache-3@example.com');
    const reviewer = await newReviewer(app, 'profile-cache-reviewer@example.com');
    await profile(user);

    // A change straight in the database (no service told): the row's trigger moves the user's stamp.
    await app.db.updateTable('users').set({ currency_code: 'EUR' }).where('id', '=', user.id).execute();
    const changed = await profile(user);
    expect(built(changed.statements)).toBe(true);
    expect(changed.result.currency_code).toBe('EUR');

    await app.services.accounts.setMemberTag(app.db, user.id, 'KYC', '1', { type: 'system', id: null });
    expect((await profile(user)).result.member_tag).toEqual({ KYC: '1' });
    await app.services.accounts.setMemberTag(app.db, user.id, 'KYC', '', { type: 'system', id: null });

    await app.services.console.approve(await caseOf(app, await submitLevel1(app, user)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    const approved = await profile(user);
    expect(approved.result.level).toBe(1);
    expect(await app.services.kyc.levelOf(user.id)).toBe(1);
    expect(built((await profile(user)).statements)).toBe(false);
  });
});

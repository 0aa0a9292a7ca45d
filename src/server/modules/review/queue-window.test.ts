import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCases } from '../../../../scripts/bench/cases.ts';
import type { App } from '../../app.ts';
import { createKycTestApp, get, newReviewer, newUser, type TestUser } from '../kyc/kyc.fixtures.ts';
import { QUEUE_COUNT_WINDOW } from './review.repo.ts';

// The queue counts at most QUEUE_COUNT_WINDOW cases past the page (decision 024): 1,125 pending
// cases (seeded as the bench seeds them: three in four pending) are more than a first page counts.
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
const CASES = 1500;
const PENDING = 1125; // i % 4 != 1 for i in 1..1500

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'reviewer-window@example.com');
  const owner = await newUser(app, 'applicant-window@example.com');
  await seedCases(app.db, owner.id, 1, CASES);
});
afterAll(() => close());

const queue = async (query: string) => (await get(app, `/v1/console/cases?${query}`, reviewer.cookie)).json();

describe('the queue total', () => {
  it('is a lower bound past the counting window, and the pages past it are still served in order', async () => {
    const first = await queue('status=PENDING&pageSize=20');
    expect(first.ret_code).toBe(0);
    expect(first.result).toMatchObject({ total: 20 + QUEUE_COUNT_WINDOW, totalIsLowerBound: true, page: 1 });
    expect(first.result.items).toHaveLength(20);

    // A page beyond the first count: its own window reaches the end, so the total is exact again.
    const last = await queue(`status=PENDING&pageSize=20&page=${Math.ceil(PENDING / 20)}`);
    expect(last.result).toMatchObject({ total: PENDING, totalIsLowerBound: false });
    expect(last.result.items).toHaveLength(PENDING % 20 || 20);
    expect(last.result.items.at(-1).openedAt > first.result.items[0].openedAt).toBe(true);

    // The database holds exactly what was seeded: the bound came from the window, not from missing rows.
    const { n } = await app.db.selectFrom('review_cases').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    expect(Number(n)).toBe(PENDING);
  });

  it('is exact when the filter matches fewer cases than the window', async () => {
    const res = await queue('status=PENDING&country=DE&level=2&provider=PROVIDER_SUMSUB');
    expect(res.result.totalIsLowerBound).toBe(false);
    // i ≡ 0 (mod 7) for DE, odd i for level 2, i ≡ 0 (mod 3) for Sumsub, pending: i % 4 != 1.
    const expected = Array.from({ length: CASES }, (_, k) => k + 1).filter((i) => i % 7 === 0 && i % 2 === 1 && i % 3 === 0 && i % 4 !== 1).length;
    expect(res.result.total).toBe(expected);
  });
});

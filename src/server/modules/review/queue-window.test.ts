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

describe('keyset paging (cursors)', () => {
  const ids = (res: { result: { items: { id: string }[] } }) => res.result.items.map((i) => i.id);

  it('walks every pending case once, oldest first, forwards then backwards, with the same pages and totals', async () => {
    const pages: string[][] = [];
    let res = await queue('status=PENDING&pageSize=100');
    expect(res.result.prevCursor).toBeNull();
    pages.push(ids(res));
    for (let page = 2; res.result.nextCursor; page++) {
      res = await queue(`status=PENDING&pageSize=100&page=${page}&cursor=${res.result.nextCursor}`);
      expect(res.ret_code).toBe(0);
      expect(res.result.page).toBe(page);
      pages.push(ids(res));
    }
    // The last page: exact total, nothing after it.
    expect(res.result).toMatchObject({ total: PENDING, totalIsLowerBound: false, nextCursor: null });
    const walked = pages.flat();
    const stored = await app.db.selectFrom('review_cases').select('id').where('status', '=', 'PENDING').orderBy('opened_at').orderBy('id').execute();
    expect(walked).toEqual(stored.map((r) => r.id));

    // Back from the last page: each earlier page exactly as it was read forwards.
    for (let page = pages.length - 1; page >= 1; page--) {
      res = await queue(`status=PENDING&pageSize=100&page=${page}&cursor=${res.result.prevCursor}`);
      expect(ids(res)).toEqual(pages[page - 1]);
    }
    expect(res.result.prevCursor).toBeNull();
    expect(res.result.nextCursor).not.toBeNull();
  });

  it('orders rows with the same time by id (no row skipped or repeated at a page edge); decided cases newest first', async () => {
    const owner = await newUser(app, 'applicant-ties@example.com');
    const at = '2025-12-31T00:00:00.000Z';
    const tied = ['00000000-0000-4000-9000-000000000003', '00000000-0000-4000-9000-000000000001', '00000000-0000-4000-9000-000000000002'];
    for (const id of tied) {
      await app.db
        .insertInto('review_cases')
        .values({ id, subject_kind: 'REVERIFICATION', subject_id: id, user_id: owner.id, status: 'PENDING', assignee_id: null, level: 1, country: 'CH', provider: 'PROVIDER_DEFAULT', opened_at: at, decided_at: null })
        .execute();
    }
    const first = await queue('status=PENDING&country=CH&pageSize=2');
    expect(ids(first)).toEqual([tied[1], tied[2]]);
    const second = await queue(`status=PENDING&country=CH&pageSize=2&page=2&cursor=${first.result.nextCursor}`);
    expect(ids(second)).toEqual([tied[0]]);
    expect(second.result).toMatchObject({ total: 3, nextCursor: null });
    const back = await queue(`status=PENDING&country=CH&pageSize=2&page=1&cursor=${second.result.prevCursor}`);
    expect(ids(back)).toEqual([tied[1], tied[2]]);
    expect(back.result.prevCursor).toBeNull();

    const decided = await queue('status=APPROVED&pageSize=50');
    const after = await queue(`status=APPROVED&pageSize=50&page=2&cursor=${decided.result.nextCursor}`);
    const stamps = [...decided.result.items, ...after.result.items].map((i: { id: string }) => i.id);
    const stored = await app.db.selectFrom('review_cases').select('id').where('status', '=', 'APPROVED').orderBy('decided_at', 'desc').orderBy('id', 'desc').limit(100).execute();
    expect(stamps).toEqual(stored.map((r) => r.id));
  });

  it('refuses a cursor it did not write', async () => {
    for (const bad of ['not-a-cursor', Buffer.from('["a",1]').toString('base64url'), Buffer.from('["x","k","i"]').toString('base64url')]) {
      const res = await queue(`status=PENDING&cursor=${bad}`);
      expect(res.ret_code).not.toBe(0);
    }
  });
});

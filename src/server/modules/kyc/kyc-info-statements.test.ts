import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { watchStatements } from '../../test/statements.ts';
import { changeMarkOf } from '../../db/index.ts';
import { createKycTestApp, newUser, post, VALID_INFO, type TestUser } from './kyc.fixtures.ts';

/**
 * How many SQL statements one POST kyc-info runs (issue 15: each is a round trip on PostgreSQL and
 * time on the event loop with SQLite). Counted at Kysely's executor, which every query and
 * transaction of the app goes through.
 */
let app: App;
let close: () => Promise<void>;
let user: TestUser;
let watch: ReturnType<typeof watchStatements>;
let stampReads = 0;
let sessionReads = 0;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  user = await newUser(app, 'statements@example.com');
  watch = watchStatements(app);
});
afterAll(() => close());

async function kycInfoStatements(): Promise<{ result: Record<string, unknown>; sql: string[] }> {
  const { value: res, statements } = await watch(() => post(app, ApiPath.kycInfo, { obtain_current: true, obtain_state: true, obtain_quotas: true, obtain_verification_process: true }, user.cookie));
  expect(res.json().ret_code).toBe(0);
  // The session lookup and (on PostgreSQL) the shared per-IP ceiling are the request layer's, not kyc-info's.
  // The change stamps are read with the session (decision 024, ninth change): a read of them on their own is counted apart.
  sessionReads = statements.filter((q) => q.includes('"sessions"')).length;
  stampReads = statements.filter((q) => q.includes('"kyc_info_stamps"') && !q.includes('"sessions"')).length;
  const sql = statements.filter((q) => !q.includes('"sessions"') && !q.includes('"rate_limits"') && !q.includes('"kyc_info_stamps"'));
  return { result: res.json().result, sql };
}

const reads = (sql: string[], table: string) => sql.filter((q) => q.includes(`from "${table}"`)).length;

describe('POST kyc-info statements (issue 15: 20 before; none but the session while nothing it reads changed)', () => {
  // 10 before the questionnaires (decision 020) and the account extras (decision 025) added their
  // fields; each reads what it owns (requirements and steps; custody, agreements, announcements,
  // member tags), with the level and residence handed to it rather than read again. The identity
  // transfer's second_identity_state (decision 029) is one more: the user's transfers, from their rows
  // alone. Compliance tasks (decision 027) add one read of the open tasks. The member tags are read
  // once for kyc-info and the extras, both documents' open re-verification requests in one statement.
  // The quotas are data (decision 040): one read of the limits version in force. The restrictions a
  // decision puts on the account (decision 052) are one more; the Satos gate reuses the questionnaires' read.
  it('reads the personal information once and each step machine once, and runs at most 19 statements, before and after personal information exists', async () => {
    for (const stage of ['new user', 'with personal information']) {
      if (stage !== 'new user') expect((await post(app, ApiPath.kycPersonalInfo, VALID_INFO, user.cookie)).json().ret_code).toBe(0);
      const { result, sql } = await kycInfoStatements();
      expect(sql.length, `${stage}:\n${sql.join('\n')}`).toBeLessThanOrEqual(19);
      expect(reads(sql, 'users'), stage).toBe(1);
      expect(reads(sql, 'withdrawal_limit_versions'), stage).toBe(1);
      expect(reads(sql, 'reverification_requests'), stage).toBe(1);
      expect(reads(sql, 'compliance_tasks'), stage).toBe(1);
      expect(reads(sql, 'kyc_personal_info'), stage).toBe(1);
      expect(reads(sql, 'account_sites'), stage).toBe(1);
      expect(reads(sql, 'account_restrictions'), stage).toBe(1);
      // One read each of the KYC levels, the re-verification steps and the questionnaires (three machines).
      expect(reads(sql, 'step_states'), stage).toBe(3);
      expect(sql.every((q) => q.trimStart().toLowerCase().startsWith('select')), stage).toBe(true);
      expect(result).toMatchObject({ residenceCountry: stage === 'new user' ? '' : VALID_INFO.residenceCountry, displayControl: { displayUpdatePOI: { status: 'DisplayUpdatePOIStatus_No' } } });
      expect(sessionReads, stage).toBeLessThanOrEqual(1);
      expect(stampReads, stage).toBe(0);

      // Read again with nothing changed: the kept reply, and no statement but the session's (which read
      // the stamps); on SQLite not even that: nothing was written, the session is kept in memory too.
      const again = await kycInfoStatements();
      expect(again.sql, stage).toEqual([]);
      expect([sessionReads, stampReads], stage).toEqual([changeMarkOf(app.db) ? 0 : 1, 0]);
      expect(again.result, stage).toEqual(result);
    }
  });
});

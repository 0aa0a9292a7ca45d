import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createKycTestApp, get, newUser, post, VALID_INFO } from './kyc.fixtures.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createKycTestApp({ kycOpened: false })));
afterAll(async () => close());

it('§4: with KYC not opened (KYC_OPENED=false) both steps are NOT_ALLOW INDIVIDUAL and nothing can change', async () => {
  const u = await newUser(app, 'closed@example.com');
  const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;
  expect(info.opened).toBe(false);
  expect(info.state).toEqual([
    { level: 1, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
    { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
  ]);
  expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie)).json().ret_code).toBe(10012);
  expect((await get(app, '/v3/private/kyc/kyc-personal-info', u.cookie)).json().result.editable).toBe(false);
  expect(await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
});

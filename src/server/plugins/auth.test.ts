import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, jsonHeaders, signIn } from '../test/test-app.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

describe('route guards run before input validation', () => {
  const malformed = { level: 'not-a-level', documentIds: 'nope' };

  it('an anonymous caller gets 10007, not a validation answer, on a private write', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/submit-application', headers: jsonHeaders, payload: malformed });
    expect(res.json()).toMatchObject({ ret_code: 10007, result: {} });
  });

  it('a plain user gets 10009 on a reviewer route, whatever the body', async () => {
    const cookie = await signIn(app, 'guard-user@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/v1/console/cases/00000000-0000-0000-0000-000000000000/reject',
      headers: { ...jsonHeaders, cookie },
      payload: { mode: 'nonsense' },
    });
    expect(res.json()).toMatchObject({ ret_code: 10009, result: {} });
  });
});

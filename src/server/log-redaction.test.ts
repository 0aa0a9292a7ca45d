import { expect, it } from 'vitest';
import { redactLog } from './log-redaction.ts';

it('redacts secrets by the name they travel under and by their shape, and nothing else', () => {
  const line = JSON.stringify({
    req: { url: '/login?confirm=abc123&lng=en' },
    sdk: '/user/accounts/auth/sdk?from=acme&token=sat_AbCdEfGh12345678&lang=de',
    callback: '/x-api/v1/webhooks/aai?nonce=0f0f&token=deadbeef',
    handoff: 'https://x.example/user/accounts/capture/handoff#S3cr3tT0k3n',
    body: { token: 'tok-1', otp: '123456', password: 'pw', accessToken: 'sat_zzzzzzzzzzzz' },
    headers: { cookie: 'ua_sid=s1; ua_hoff=h1', 'set-cookie': ['ua_sid=s2; HttpOnly'], 'x-partner-sig': 'abcd', host: 'localhost' },
    transfer: { code: '654321' },
    err: { code: '23505', message: 'secret psk_partnerSecret99 leaked' },
    issues: [{ code: 'invalid_type', path: 'template_code' }],
    page: '/x-api/q?template_code=EDD_1',
    resetLink: '/login?reset=R3s3tT0k3nXYZ',
  });
  const out = redactLog(line);
  for (const secret of ['abc123', 'sat_AbCdEfGh12345678', '0f0f', 'deadbeef', 'S3cr3tT0k3n', 'tok-1', '123456', '"pw"', 'sat_zzzz', 'ua_sid=s1', 'ua_sid=s2', 'abcd', '654321', 'psk_partnerSecret99', 'R3s3tT0k3nXYZ']) {
    expect(out, secret).not.toContain(secret);
  }
  const parsed = JSON.parse(out); // still one valid JSON line
  expect(parsed.req.url).toBe('/login?confirm=[redacted]&lng=en');
  expect(parsed.headers).toEqual({ cookie: '[redacted]', 'set-cookie': '[redacted]', 'x-partner-sig': '[redacted]', host: 'localhost' });
  expect(parsed.err.code).toBe('23505'); // codes that are not six digits stay
  expect(parsed.issues).toEqual([{ code: 'invalid_type', path: 'template_code' }]);
  expect(parsed.page).toBe('/x-api/q?template_code=EDD_1');
});

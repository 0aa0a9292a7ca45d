import { describe, expect, it, vi } from 'vitest';
import { jumpBack, jumpBackTarget } from './jump-back.ts';

const config = {
  jumpBack: { defaultUrl: '/user/accounts/auth/personal', sdkUrl: '/user/accounts/auth/sdk?done=1', redirectAllowlist: ['https://partner.example'] },
};
const origin = 'https://accounts.exchange.com';

describe('jump-back (§2)', () => {
  it('sends a web user to the default landing page, even with a redirect_url', () => {
    expect(jumpBackTarget({}, config, origin)).toBe('/user/accounts/auth/personal');
    expect(jumpBackTarget({ extraParams: { redirect_url: 'https://partner.example/x' } }, config, origin)).toBe('/user/accounts/auth/personal');
  });

  it('sends an SDK user to an allowed redirect_url', () => {
    expect(jumpBackTarget({ isSdk: true, extraParams: { redirect_url: 'https://partner.example/done?id=1' } }, config, origin)).toBe(
      'https://partner.example/done?id=1',
    );
    expect(jumpBackTarget({ sdkToken: 't', extraParams: { redirect_url: 'https://PARTNER.example/' } }, config, origin)).toBe('https://partner.example/');
  });

  it.each([
    'https://evil.example/',
    'https://partner.example.evil.example/',
    'https://partner.example@evil.example/',
    '//evil.example',
    'javascript:alert(1)',
    'http://partner.example/',
    '',
    42,
  ])('sends an SDK user with redirect_url %j to the SDK landing page', (redirect_url) => {
    expect(jumpBackTarget({ isSdk: true, extraParams: { redirect_url } }, config, origin)).toBe('/user/accounts/auth/sdk?done=1');
  });

  it('SDK landing without a redirect_url or extraParams', () => {
    expect(jumpBackTarget({ isSdk: true }, config, origin)).toBe('/user/accounts/auth/sdk?done=1');
    expect(jumpBackTarget({ isSdk: true, extraParams: null }, config, origin)).toBe('/user/accounts/auth/sdk?done=1');
  });

  it('without the site configuration nothing external is allowed; landing pages must be paths on this site', () => {
    expect(jumpBackTarget({ isSdk: true, extraParams: { redirect_url: 'https://partner.example/' } }, undefined, origin)).toBe('/user/accounts/auth/personal');
    const bad = { jumpBack: { defaultUrl: '//evil.example', sdkUrl: 'https://evil.example', redirectAllowlist: [] } };
    expect(jumpBackTarget({}, bad, origin)).toBe('/user/accounts/auth/personal');
    expect(jumpBackTarget({ isSdk: true }, bad, origin)).toBe('/user/accounts/auth/personal');
  });

  it('jumpBack replaces the location with the target', () => {
    const replace = vi.fn();
    expect(jumpBack({ isSdk: true, extraParams: { redirect_url: 'https://partner.example/ok' } }, config, { origin, replace })).toBe('https://partner.example/ok');
    expect(replace).toHaveBeenCalledWith('https://partner.example/ok');
  });
});

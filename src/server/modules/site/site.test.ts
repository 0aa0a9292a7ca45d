import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { configWith, loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createSiteService } from './site.service.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp({ redirectAllowlist: ['https://Partner.Example:443/path', 'http://localhost:5173'] }));
});
afterAll(async () => close());

const get = (query: string, host: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/x-api/v1/public/site-config${query}`, headers: { host, ...headers } });

describe('GET /x-api/v1/public/site-config', () => {
  it('answers without a session: main region, 13 languages; the default help links are this app\'s own help centre, on the host the user is on', async () => {
    const res = await get('?lang=de-DE', 'accounts.exchange.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ret_code).toBe(0);
    expect(body.result.region).toBe('MAIN');
    expect(body.result.defaultLanguage).toBe('en');
    expect(body.result.languages).toHaveLength(13);
    expect(body.result.languages).not.toContain('ar-SA');
    expect(body.result.helpLinks).toEqual({
      identityTransfer: 'http://accounts.exchange.com/user/accounts/help/identity-transfer',
      webForm: 'http://accounts.exchange.com/user/accounts/help/request-form',
      articleDetails: 'http://accounts.exchange.com/user/accounts/help',
      faq: 'http://accounts.exchange.com/user/accounts/help/faq',
      guide: 'http://accounts.exchange.com/user/accounts/help/guide',
      kycFailureReasons: 'http://accounts.exchange.com/user/accounts/help/failure-reasons',
    });
    expect(res.headers['vary']).toContain('Host');
  });

  it('derives the HK region from a .hk host: zh-HK default, en-HK and zh-HK only', async () => {
    const body = (await get('?lang=en-HK', 'accounts.exchange.com.hk')).json();
    expect(body.result).toMatchObject({ region: 'HKG', defaultLanguage: 'zh-HK', languages: ['en-HK', 'zh-HK'] });
  });

  it('derives the UAE region from a .ae host: the main languages plus ar-SA', async () => {
    const body = (await get('?lang=ar-SA', 'accounts.exchange.ae')).json();
    expect(body.result.region).toBe('ARE');
    expect(body.result.languages).toHaveLength(14);
    expect(body.result.languages).toContain('ar-SA');
  });

  it('stays on the host for localhost and IP addresses, port included', async () => {
    const body = (await get('?lang=ja-JP', '127.0.0.1:8080')).json();
    expect(body.result.helpLinks.faq).toBe('http://127.0.0.1:8080/user/accounts/help/faq');
  });

  it('carries the jump-back targets and the allowlist as normalised origins', async () => {
    const body = (await get('', 'accounts.exchange.com')).json();
    expect(body.result.jumpBack).toEqual({
      defaultUrl: '/user/accounts/auth/personal',
      sdkUrl: '/user/accounts/auth/sdk',
      redirectAllowlist: ['https://partner.example', 'http://localhost:5173'],
    });
  });

  it('refuses a malformed lang with ret_code 10001', async () => {
    const body = (await get('?lang=%3Cscript%3E', 'accounts.exchange.com')).json();
    expect(body).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'lang', code: 'type' }] } });
  });
});

describe('site configuration', () => {
  it('reads help links and landing pages from the environment; absolute URLs are used as they are', () => {
    const config = loadConfig({
      SITE_SUBDOMAIN: 'help',
      HELP_FAQ_URL: 'https://support.example.org/faq',
      HELP_GUIDE_URL: '/guide/kyc',
      JUMP_BACK_SDK_PATH: '/user/accounts/auth/sdk?done=1',
    });
    const result = createSiteService({ config }).siteConfig({ hostname: 'x.exchange.com', host: 'x.exchange.com', protocol: 'https', lang: 'ko-KR' });
    expect(result.helpLinks.faq).toBe('https://support.example.org/faq');
    expect(result.helpLinks.guide).toBe('https://help.exchange.com/ko-KR/guide/kyc');
    expect(result.jumpBack.sdkUrl).toBe('/user/accounts/auth/sdk?done=1');
    expect(result.appUrl).toBeNull();
  });

  it("the app's download page (APP_DOWNLOAD_URL) goes to the page as it is; anything but an http(s) URL stops the start", () => {
    const result = createSiteService({ config: loadConfig({ APP_DOWNLOAD_URL: 'https://apps.example.com/exchange' }) }).siteConfig({ hostname: 'x.exchange.com', host: 'x.exchange.com', protocol: 'https', lang: 'en' });
    expect(result.appUrl).toBe('https://apps.example.com/exchange');
    expect(() => loadConfig({ APP_DOWNLOAD_URL: 'javascript:alert(1)' })).toThrow(/APP_DOWNLOAD_URL/);
  });

  it('builds configured help-centre paths with the site URL rule: language prefix if the site has it, else /en (§2)', () => {
    const config = loadConfig({ HELP_FAQ_URL: '/help-center/article/Identity-Verification-FAQ', HELP_WEB_FORM_URL: '/help-center/request-form' });
    const site = createSiteService({ config });
    const at = (hostname: string, lang?: string) => site.siteConfig({ hostname, host: hostname, protocol: 'https', lang }).helpLinks;
    expect(at('accounts.exchange.com', 'de-DE').faq).toBe('https://www.exchange.com/de-DE/help-center/article/Identity-Verification-FAQ');
    expect(at('accounts.exchange.com', 'zh-HK').faq).toBe('https://www.exchange.com/en/help-center/article/Identity-Verification-FAQ');
    expect(at('a.b.exchange.com').webForm).toBe('https://www.exchange.com/en/help-center/request-form');
    expect(at('accounts.exchange.com.hk', 'en-HK').faq).toBe('https://www.com.hk/en-HK/help-center/article/Identity-Verification-FAQ');
    expect(at('accounts.exchange.ae', 'ar-SA').faq).toBe('https://www.exchange.ae/ar-SA/help-center/article/Identity-Verification-FAQ');
  });

  it('SITE_HOST overrides the request host (region and domain)', () => {
    const config = configWith({ site: { ...loadConfig({ HELP_WEB_FORM_URL: '/help-center/request-form' }).site, host: 'www.exchange.ae' } });
    const result = createSiteService({ config }).siteConfig({ hostname: 'internal-lb', host: 'internal-lb:8080', protocol: 'http' });
    expect(result.region).toBe('ARE');
    expect(result.helpLinks.webForm).toBe('https://www.exchange.ae/en/help-center/request-form');
  });

  it.each([
    ['HELP_FAQ_URL', '//evil.example/faq'],
    ['HELP_FAQ_URL', 'javascript:alert(1)'],
    ['JUMP_BACK_DEFAULT_PATH', 'https://evil.example/'],
    ['JUMP_BACK_DEFAULT_PATH', '/\\evil.example'],
    ['SITE_SUBDOMAIN', 'a/b'],
  ])('refuses to start with %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(/Invalid configuration/);
  });

  it('refuses to start with a REDIRECT_ALLOWLIST entry that is not an origin', () => {
    expect(() => createSiteService({ config: configWith({ redirectAllowlist: ['partner.example'] }) })).toThrow(/REDIRECT_ALLOWLIST/);
    expect(() => createSiteService({ config: configWith({ redirectAllowlist: ['javascript:alert(1)'] }) })).toThrow(/REDIRECT_ALLOWLIST/);
  });
});

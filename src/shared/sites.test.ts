import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from './languages.ts';
import { buildSiteUrl, isBareHost, matchSupported, Region, regionFromHostname, regionLanguages, Site, siteDomain, siteFlags } from './sites.ts';

describe('regionFromHostname (§1)', () => {
  it.each([
    ['www.exchange.com.hk', Region.HKG],
    ['EXCHANGE.HK', Region.HKG],
    ['exchange.hk.', Region.HKG],
    ['accounts.exchange.ae', Region.ARE],
    ['exchange.com', Region.MAIN],
    ['hk.exchange.com', Region.MAIN],
    ['exchange.hkx', Region.MAIN],
    ['ae.example.org', Region.MAIN],
    ['localhost', Region.MAIN],
    ['127.0.0.1', Region.MAIN],
  ])('%s -> %s', (host, region) => {
    expect(regionFromHostname(host)).toBe(region);
  });
});

describe('regionLanguages (§9)', () => {
  it('main: the 13 supported languages, default en, no HK or Arabic', () => {
    const { supported, defaultLanguage } = regionLanguages(Region.MAIN);
    expect(supported).toEqual(['en', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'ru-RU', 'id-ID', 'es-ES', 'tr-TR', 'th-TH', 'vi-VN', 'de-DE']);
    expect(defaultLanguage).toBe('en');
  });

  it('HK: en-HK and zh-HK, default zh-HK', () => {
    expect(regionLanguages(Region.HKG)).toEqual({ supported: ['en-HK', 'zh-HK'], defaultLanguage: 'zh-HK' });
  });

  it('UAE: the main languages plus ar-SA, default en', () => {
    const { supported, defaultLanguage } = regionLanguages(Region.ARE);
    expect(supported).toEqual([...regionLanguages(Region.MAIN).supported, 'ar-SA']);
    expect(defaultLanguage).toBe('en');
  });

  it('every language offered anywhere is shipped', () => {
    for (const region of Object.values(Region)) {
      for (const lng of regionLanguages(region).supported) expect(SHIPPED_LANGUAGES).toContain(lng);
    }
  });
});

describe('sites (§1)', () => {
  it('the regulated group is HK, Turkey, Kazakhstan and EU; UAE and Indonesia have their own flags', () => {
    expect(Object.values(Site).filter((s) => siteFlags(s).isRegulated)).toEqual([Site.HKG, Site.TUR, Site.KAZ, Site.EU]);
    expect(siteFlags(Site.ARE)).toMatchObject({ isRegulated: false, isAre: true, isIdn: false });
    expect(siteFlags(Site.IDN)).toMatchObject({ isRegulated: false, isIdn: true, isAre: false });
    expect(siteFlags(Site.TUR)).toMatchObject({ isRegulated: true, isTur: true });
    expect(siteFlags('hkg')).toMatchObject({ isRegulated: false, isHkg: false });
    expect(siteFlags(undefined).isRegulated).toBe(false);
  });
});

describe('site URLs (§2)', () => {
  const supported = regionLanguages(Region.MAIN).supported;

  it('subdomain + chosen language + the last two labels of the host', () => {
    expect(buildSiteUrl({ subdomain: 'www', hostname: 'accounts.eu.exchange.com', language: 'de-DE', supported, path: '/help' })).toBe(
      'https://www.exchange.com/de-DE/help',
    );
  });

  it('unsupported or missing language -> /en', () => {
    expect(buildSiteUrl({ subdomain: 'www', hostname: 'exchange.com', language: 'fr-FR', supported })).toBe('https://www.exchange.com/en');
    expect(buildSiteUrl({ subdomain: 'www', hostname: 'exchange.com', language: null, supported, path: '/x' })).toBe('https://www.exchange.com/en/x');
    expect(buildSiteUrl({ subdomain: 'www', hostname: 'exchange.com.hk', language: 'de-DE', supported: ['en-HK', 'zh-HK'] })).toBe('https://www.com.hk/en');
  });

  it('matches the language case-insensitively and spells it as shipped', () => {
    expect(buildSiteUrl({ subdomain: 'help', hostname: 'EXCHANGE.COM', language: 'zh-cn', supported, path: 'faq' })).toBe('https://help.exchange.com/zh-CN/faq');
  });

  it('an empty subdomain means the domain itself', () => {
    expect(buildSiteUrl({ subdomain: '', hostname: 'a.exchange.ae', language: 'en', supported })).toBe('https://exchange.ae/en');
  });

  it('helpers', () => {
    expect(siteDomain('a.b.c.example.com.')).toBe('example.com');
    expect(matchSupported(' EN-us ', supported)).toBe('en-US');
    expect(matchSupported('en-GB', supported)).toBeNull();
    expect(isBareHost('localhost')).toBe(true);
    expect(isBareHost('10.0.0.1')).toBe(true);
    expect(isBareHost('[::1]')).toBe(true);
    expect(isBareHost('exchange.com')).toBe(false);
  });
});

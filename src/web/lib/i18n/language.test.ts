import { describe, expect, it } from 'vitest';
import { Region, regionLanguages } from '../../../shared/sites.ts';
import {
  applyDocumentLanguage,
  isRtl,
  LANGUAGE_STORAGE_KEY,
  languagesFor,
  readStoredLanguage,
  resolveLanguage,
  rtlLanguages,
  setsHtmlLang,
  storeLanguage,
} from './language.ts';

const main = regionLanguages(Region.MAIN);
const hk = regionLanguages(Region.HKG);
const uae = regionLanguages(Region.ARE);

describe('resolveLanguage (§2)', () => {
  it('query first, then the saved choice, then the browser', () => {
    expect(resolveLanguage({ query: 'de-DE', stored: 'ja-JP', browser: ['ko-KR'] }, main)).toBe('de-DE');
    expect(resolveLanguage({ query: null, stored: 'ja-JP', browser: ['ko-KR'] }, main)).toBe('ja-JP');
    expect(resolveLanguage({ browser: ['ko-KR', 'de-DE'] }, main)).toBe('ko-KR');
    expect(resolveLanguage({}, main)).toBe('en');
  });

  it('an unsupported choice gives the region default, not another source', () => {
    expect(resolveLanguage({ query: 'fr-FR', stored: 'de-DE' }, main)).toBe('en');
    expect(resolveLanguage({ stored: 'xx', browser: ['de-DE'] }, main)).toBe('en');
    expect(resolveLanguage({ query: 'ar-SA' }, main)).toBe('en');
    expect(resolveLanguage({ query: 'de-DE' }, hk)).toBe('zh-HK');
    expect(resolveLanguage({ query: 'en' }, hk)).toBe('zh-HK');
  });

  it('matches case-insensitively and spells the language as shipped', () => {
    expect(resolveLanguage({ query: 'ZH-cn' }, main)).toBe('zh-CN');
    expect(resolveLanguage({ query: ' en-hk ' }, hk)).toBe('en-HK');
  });

  it('takes the first browser language that is supported exactly; otherwise the default', () => {
    expect(resolveLanguage({ browser: ['fr-FR', 'de-DE'] }, main)).toBe('de-DE');
    expect(resolveLanguage({ browser: ['ja-jp'] }, main)).toBe('ja-JP');
    expect(resolveLanguage({ browser: ['de', 'fr-FR'] }, main)).toBe('en');
    expect(resolveLanguage({ browser: ['en-GB'] }, main)).toBe('en');
    expect(resolveLanguage({ browser: ['en-US', 'en'] }, hk)).toBe('zh-HK');
    expect(resolveLanguage({ browser: ['en-US', 'en'] }, main)).toBe('en-US');
    expect(resolveLanguage({ browser: ['ar-SA'] }, main)).toBe('en');
    expect(resolveLanguage({ browser: ['ar-SA'] }, uae)).toBe('ar-SA');
  });

  it('the UAE site offers ar-SA; the SDK view defaults to es-ES (§9)', () => {
    expect(resolveLanguage({ query: 'ar-SA' }, uae)).toBe('ar-SA');
    expect(resolveLanguage({}, languagesFor(main, true))).toBe('es-ES');
    expect(resolveLanguage({ query: 'nope' }, languagesFor(main, true))).toBe('es-ES');
    expect(resolveLanguage({ query: 'de-DE' }, languagesFor(main, true))).toBe('de-DE');
    // HK offers no Spanish: its own default stays.
    expect(languagesFor(hk, true)).toEqual(hk);
  });
});

describe('right-to-left (§2)', () => {
  it('defaults to ar-SA only', () => {
    expect(rtlLanguages({})).toEqual(['ar-SA']);
    expect(isRtl('ar-SA', rtlLanguages({}))).toBe(true);
    expect(isRtl('en', rtlLanguages({}))).toBe(false);
  });

  it('is replaced by a list the host page provides', () => {
    const list = rtlLanguages({ __RTL_LANGUAGES__: ['he-IL', 'fa-IR'] });
    expect(list).toEqual(['he-IL', 'fa-IR']);
    expect(isRtl('ar-SA', list)).toBe(false);
    expect(isRtl('he-il', list)).toBe(true);
    expect(rtlLanguages({ __RTL_LANGUAGES__: 'ar-SA' })).toEqual(['ar-SA']);
    expect(rtlLanguages({ __RTL_LANGUAGES__: [1, 2] })).toEqual(['ar-SA']);
  });
});

describe('the html element (§2)', () => {
  it('gets lang and dir', () => {
    applyDocumentLanguage(document, 'ar-SA', 'accounts.exchange.ae', ['ar-SA']);
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage(document, 'de-DE', 'accounts.exchange.ae', ['ar-SA']);
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it.each(['announcements.exchange.com', 'learn.exchange.com', 'www.exchange.com/blog', 'blog.exchange.hk', 'LEARN.exchange.com'])(
    'keeps lang untouched on %s',
    (host) => {
      expect(setsHtmlLang(host)).toBe(false);
      document.documentElement.lang = 'en';
      applyDocumentLanguage(document, 'ar-SA', host, ['ar-SA']);
      expect(document.documentElement.lang).toBe('en');
      expect(document.documentElement.dir).toBe('rtl');
    },
  );

  it('sets lang elsewhere', () => {
    expect(setsHtmlLang('accounts.exchange.com')).toBe(true);
  });
});

describe('the saved choice', () => {
  it('uses the i18nextLng key', () => {
    storeLanguage('ko-KR');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko-KR');
    expect(LANGUAGE_STORAGE_KEY).toBe('i18nextLng');
    expect(readStoredLanguage()).toBe('ko-KR');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredLanguage(broken)).toBeNull();
    expect(() => storeLanguage('de-DE', broken)).not.toThrow();
  });
});

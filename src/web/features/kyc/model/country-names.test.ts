import { describe, expect, it } from 'vitest';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { countryName, countryOptions, nameOfCountry } from './country-names.ts';

const entry = (countryCode: string, nameEn: string, nameZhCN: string, isDisable = false): CountryListEntry => ({ countryCode, regionCode: '1', nameEn, nameZhCN, isDisable });
const list = [entry('DE', 'Germany', '德国'), entry('AT', 'Austria', '奥地利'), entry('IR', 'Iran', '伊朗', true)];

describe('country names in the UI language', () => {
  it('uses the server names for English and Simplified Chinese, the browser’s for others', () => {
    expect(countryName(list[0]!, 'en')).toBe('Germany');
    expect(countryName(list[0]!, 'en-HK')).toBe('Germany');
    expect(countryName(list[0]!, 'zh-CN')).toBe('德国');
    expect(countryName(list[0]!, 'de-DE')).toBe('Deutschland');
    expect(countryName(list[0]!, 'ja-JP')).toBe('ドイツ');
  });

  it('falls back to the English name when the browser has none', () => {
    expect(countryName(entry('ZZ', 'Nowhere', '无'), 'de-DE')).toBe('Nowhere');
  });

  it('sorts options in the language and keeps disabled countries, flagged', () => {
    expect(countryOptions(list, 'de-DE')).toEqual([
      { code: 'DE', name: 'Deutschland', disabled: false },
      { code: 'IR', name: 'Iran', disabled: true },
      { code: 'AT', name: 'Österreich', disabled: false },
    ]);
    expect(countryOptions(list, 'en').map((c) => c.code)).toEqual(['AT', 'DE', 'IR']);
    expect(nameOfCountry(list, 'AT', 'en')).toBe('Austria');
    expect(nameOfCountry(undefined, 'AT', 'en')).toBe('AT');
  });
});

import { describe, expect, it } from 'vitest';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { countryName, countryOptions, nameOfCountry } from './country-names.ts';

const entry = (countryCode: string, nameEn: string, nameZhCN: string, isDisable = false): CountryListEntry => ({ countryCode, regionCode: '1', nameEn, nameZhCN, isDisable });
const list = [entry('DE', 'Germany', '德国'), entry('AT', 'Austria', '奥地利'), entry('IR', 'Iran', '伊朗', true)];

describe('country names in the UI language', () => {
  it('uses the names people use, in every language, not the ISO table names the server sends', () => {
    expect(countryName(entry('CN', "China, People's Republic of", '中华人民共和国'), 'en')).toBe('China');
    expect(countryName(entry('TW', 'Taiwan, Province of China', '中国台湾'), 'en-HK')).toBe('Taiwan');
    expect(countryName(entry('KR', 'Korea, Republic of', '韩国'), 'en')).toBe('South Korea');
    expect(countryName(entry('HK', 'Hong Kong', '香港'), 'en')).toBe('Hong Kong');
    expect(countryName(entry('PS', 'Palestine, State of', '巴勒斯坦'), 'de-DE')).toBe('Palästina');
    expect(countryName(list[0]!, 'zh-CN')).toBe('德国');
    expect(countryName(list[0]!, 'de-DE')).toBe('Deutschland');
    expect(countryName(list[0]!, 'ja-JP')).toBe('ドイツ');
    expect(countryName(entry('US', 'United States of America', '美国'), 'en')).toBe('United States');
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

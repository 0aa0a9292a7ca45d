import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';

// The `ui` part of every shipped language: same keys as English, same placeholders, real
// translations (only the English variants may equal English).
const dir = path.resolve(__dirname, '../../../../locales/user-accounts');
const read = (lng: string) => JSON.parse(readFileSync(path.join(dir, lng, 'ui.json'), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => (s.match(/\{\{?\w+\}?\}/g) ?? []).sort();

const en = flatten(read('en'));

describe('ui translations', () => {
  it.each(SHIPPED_LANGUAGES.filter((l) => l !== 'en'))('%s has every key, the same placeholders, and is translated', (lng) => {
    const other = flatten(read(lng));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(en)) {
      expect(placeholders(other[key]!), `${lng} ${key}`).toEqual(placeholders(value));
      expect(other[key]!.trim(), `${lng} ${key}`).not.toBe('');
    }
    if (!lng.startsWith('en-')) {
      const copied = Object.keys(en).filter((k) => other[k] === en[k] && !/^\(?[a-z]+\)?$/i.test(en[k]!));
      expect(copied, `${lng}: untranslated`).toEqual([]);
    }
  });

  it('keeps §9 region label words with Radix’s {hotkey} slot', () => {
    expect(en['toast.region']).toBe('Notifications ({hotkey})');
  });
});

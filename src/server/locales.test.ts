import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranslationNamespace } from '../shared/api/paths.ts';
import { SHIPPED_LANGUAGES } from '../shared/languages.ts';
import { RetCode } from '../shared/ret-codes.ts';
import { ValidationMessage } from '../shared/validation.ts';
import { loadNamespace } from './plugins/translations.ts';

/**
 * Every shipped language has exactly the keys of `en`, in both namespaces, with the same
 * `{{placeholders}}`, and non-English languages do not carry English sentences copied from `en`.
 */
const LOCALES = path.resolve('locales');
const NAMESPACES = Object.values(TranslationNamespace);
const OTHERS = SHIPPED_LANGUAGES.filter((l) => l !== 'en');

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

async function load(ns: string, lng: string): Promise<Map<string, unknown>> {
  const data = await loadNamespace(LOCALES, ns, lng);
  if (!data) throw new Error(`locales/${ns}/${lng} is missing`);
  return flatten(data);
}

const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
/** Two English words in a row: a sentence, not a brand or an acronym like "KYC" or "ID". */
const ENGLISH_PHRASE = /\b[A-Za-z]{2,}[\s,]+[A-Za-z]{2,}\b/;

describe.each(NAMESPACES)('translations: %s', (ns) => {
  it('en has only non-empty strings', async () => {
    const en = await load(ns, 'en');
    expect(en.size).toBeGreaterThan(0);
    for (const [key, value] of en) expect(typeof value === 'string' && value.trim().length > 0, `en ${key}`).toBe(true);
  });

  it.each(OTHERS)('%s has exactly the keys of en', async (lng) => {
    const en = await load(ns, 'en');
    const other = await load(ns, lng);
    const missing = [...en.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(OTHERS)('%s: non-empty strings with the placeholders of en', async (lng) => {
    const en = await load(ns, 'en');
    const other = await load(ns, lng);
    const problems: string[] = [];
    for (const [key, value] of other) {
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${key}: empty or not a string`);
      else if (en.has(key) && placeholders(value).join(',') !== placeholders(en.get(key)).join(',')) {
        problems.push(`${key}: {{${placeholders(value).join('}}, {{')}}} instead of {{${placeholders(en.get(key)).join('}}, {{')}}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(OTHERS.filter((l) => !l.startsWith('en')))('%s is a real translation, not English copied from en', async (lng) => {
    const en = await load(ns, 'en');
    const other = await load(ns, lng);
    const copied = [...other].filter(([key, value]) => value === en.get(key) && ENGLISH_PHRASE.test(String(value).replace(/\{\{[^}]*\}\}/g, ''))).map(([k]) => k);
    expect(copied).toEqual([]);
  });
});

describe('one voice per language', () => {
  // German addresses the reader formally throughout ("Sie"); the extras said "du" (issue 27).
  it.each(NAMESPACES)('de-DE %s never says "du"', async (ns) => {
    const informal = [...(await load(ns, 'de-DE'))].filter(([, v]) => /\b(du|dich|dir|dein(e[mnrs]?)?)\b/i.test(String(v)));
    expect(informal.map(([k]) => k)).toEqual([]);
  });
});

describe('catalogues are translated', () => {
  it('every ret_code the server or client uses has a message in inverse-error-code', async () => {
    const en = await load(TranslationNamespace.INVERSE_ERROR_CODE, 'en');
    const missing = Object.entries(RetCode)
      .filter(([, code]) => code !== RetCode.OK && !en.has(String(code)))
      .map(([name, code]) => `${name} (${code})`);
    expect(missing).toEqual([]);
  });

  it('every §5 validation message key has a text', async () => {
    const en = await load(TranslationNamespace.USER_ACCOUNTS, 'en');
    const missing = Object.values(ValidationMessage).filter((k) => !en.has(`validation.${k}`));
    expect(missing).toEqual([]);
  });
});

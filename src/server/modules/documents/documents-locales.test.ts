import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { RetCode } from '../../../shared/ret-codes.ts';

const read = (lng: string) => JSON.parse(readFileSync(path.resolve('locales/inverse-error-code', lng, 'documents.json'), 'utf8')) as Record<string, string>;
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
const documentCodes = Object.entries(RetCode)
  .filter(([name]) => name.startsWith('DOCUMENT_'))
  .map(([, code]) => String(code));

describe('document ret_code messages (inverse-error-code/<lng>/documents.json)', () => {
  const en = read('en');

  it('translates every DOCUMENT_* ret_code in English', () => {
    expect(documentCodes.length).toBeGreaterThan(0);
    expect(Object.keys(en).sort()).toEqual([...documentCodes].sort());
  });

  it.each(SHIPPED_LANGUAGES.filter((l) => l !== 'en'))('%s has the same codes and placeholders, translated', (lng) => {
    const messages = read(lng);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [code, text] of Object.entries(messages)) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(placeholders(text)).toEqual(placeholders(en[code]!));
      // English variants share the English text; every other language is a real translation.
      if (!lng.startsWith('en-')) expect(text).not.toBe(en[code]);
    }
  });
});

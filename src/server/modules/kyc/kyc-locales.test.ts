import { describe, expect, it } from 'vitest';
import { REJECT_REASON_CODES } from '../../../shared/review-reasons.ts';
import { KycRule } from '../../../shared/api/kyc-rules.ts';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { loadConfig } from '../../config.ts';
import { loadNamespace } from '../../plugins/translations.ts';

const localesDir = loadConfig({}).localesDir;
const KYC_CODES = Object.entries(RetCode).filter(([name]) => name.startsWith('KYC_')).map(([, code]) => String(code));

describe.each([...SHIPPED_LANGUAGES])('KYC texts in %s', (lng) => {
  it('every KYC ret_code, validation rule and rejection reason has a text', async () => {
    const errors = (await loadNamespace(localesDir, 'inverse-error-code', lng))!;
    for (const code of KYC_CODES) expect(errors[code], `${lng} ${code}`).toMatch(/\S/);
    const ua = (await loadNamespace(localesDir, 'user-accounts', lng)) as Record<string, Record<string, unknown>>;
    for (const key of Object.values(KycRule)) {
      const [part, name] = key.split('.') as [string, string];
      expect(ua[part]?.[name], `${lng} ${key}`).toMatch(/\S/);
    }
    const reasons = ua['kyc-reasons'] as Record<string, { title: string; hint: string }>;
    for (const code of REJECT_REASON_CODES) {
      expect(reasons[code]?.title, `${lng} ${code}`).toMatch(/\S/);
      expect(reasons[code]?.hint, `${lng} ${code}`).toMatch(/\S/);
    }
  });
});

it('non-English languages are translated, not copied', async () => {
  const en = (await loadNamespace(localesDir, 'user-accounts', 'en')) as Record<string, Record<string, unknown>>;
  for (const lng of SHIPPED_LANGUAGES.filter((l) => !l.startsWith('en'))) {
    const ua = (await loadNamespace(localesDir, 'user-accounts', lng)) as Record<string, Record<string, unknown>>;
    expect(ua['kyc-rules']!.too_young, lng).not.toBe(en['kyc-rules']!.too_young);
    expect(JSON.stringify(ua['kyc-reasons']), lng).not.toBe(JSON.stringify(en['kyc-reasons']));
  }
});

import { useTranslation } from 'react-i18next';
import type { AnnouncementTranslations } from '../../../../shared/api/extras-announcements.ts';
import { DEFAULT_LANGUAGE, DEFAULT_RTL_LANGUAGES, SHIPPED_LANGUAGES, type ShippedLanguage } from '../../../../shared/languages.ts';
import { Field } from '../../../components/ui/field.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { languageName } from '../../../lib/i18n/language-names.ts';
import { Textarea } from './textarea.tsx';

/** The languages an announcement can be translated into: every shipped one but the default it is written in. */
export const TRANSLATABLE_LANGUAGES: readonly ShippedLanguage[] = SHIPPED_LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

export type TranslationDrafts = Partial<Record<ShippedLanguage, { title: string; body: string }>>;

/**
 * What the form sends (issue 27, decision 053): each language whose title and text are both given,
 * trimmed; `incomplete` names those with only one of them (the server would refuse them, and a
 * member would otherwise read half a translation).
 */
export function translationsOf(drafts: TranslationDrafts): { translations: AnnouncementTranslations; incomplete: ShippedLanguage[] } {
  const translations: AnnouncementTranslations = {};
  const incomplete: ShippedLanguage[] = [];
  for (const language of TRANSLATABLE_LANGUAGES) {
    const title = drafts[language]?.title.trim() ?? '';
    const body = drafts[language]?.body.trim() ?? '';
    if (title && body) translations[language] = { title, body };
    else if (title || body) incomplete.push(language);
  }
  return { translations, incomplete };
}

/**
 * The announcement's title and text in the other shipped languages, folded away until wanted. Each
 * control carries its language (spell checking, screen readers, right-to-left for Arabic).
 */
export function AnnouncementTranslationsFields({ value, onChange }: { value: TranslationDrafts; onChange: (next: TranslationDrafts) => void }) {
  const { t } = useTranslation();
  const { translations, incomplete } = translationsOf(value);
  const set = (language: ShippedLanguage, part: 'title' | 'body', text: string) => onChange({ ...value, [language]: { title: '', body: '', ...value[language], [part]: text } });
  return (
    <details className="w-full rounded-md border border-line p-3" open={incomplete.length > 0 || undefined}>
      <summary className="cursor-pointer font-medium">
        {t('extras.console.translations')} · {t('extras.console.translationsFilled', { n: Object.keys(translations).length, total: TRANSLATABLE_LANGUAGES.length })}
      </summary>
      <p className="mt-2 text-sm text-muted">{t('extras.console.translationsHint')}</p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {TRANSLATABLE_LANGUAGES.map((language) => {
          const name = languageName(language);
          const dir = DEFAULT_RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
          return (
            <fieldset key={language} className="flex flex-col gap-2" data-testid={`translation-${language}`}>
              <legend className="sr-only">{name}</legend>
              <Field label={t('extras.console.titleIn', { language: name })} error={incomplete.includes(language) ? t('extras.console.translationIncomplete') : undefined}>
                <TextInput lang={language} dir={dir} value={value[language]?.title ?? ''} onChange={(e) => set(language, 'title', e.target.value)} />
              </Field>
              <Field label={t('extras.console.bodyIn', { language: name })}>
                <Textarea lang={language} dir={dir} rows={2} value={value[language]?.body ?? ''} onChange={(e) => set(language, 'body', e.target.value)} />
              </Field>
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}

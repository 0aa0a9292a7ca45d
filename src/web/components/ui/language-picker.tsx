import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguages } from '../../lib/i18n/index.ts';
import { languageName } from '../../lib/i18n/language-names.ts';

/**
 * The language picker (§2; the footer and the login page): only the current region's languages; choosing one switches
 * the page and saves the choice. A native select: keyboard and screen-reader friendly, and the
 * phone's own picker on small screens.
 */
/**
 * `compact`: the label is for screen readers only (a header bar). The control keeps the width of its
 * longest name: capped, it showed "English (Unit" on the login page (issue 27); the bar's brand gives way instead.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const { supported } = currentLanguages();
  if (supported.length < 2) return null;
  const value = i18n.resolvedLanguage ?? i18n.language;

  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm text-muted'}>
        {t('site.language')}
      </label>
      <select
        id={id}
        data-testid="language-picker"
        value={value}
        disabled={switching}
        aria-busy={switching || undefined}
        onChange={(event) => {
          setSwitching(true);
          void changeLanguage(event.target.value).finally(() => setSwitching(false));
        }}
        // The names are in their own scripts (Русский, Tiếng Việt) and the browser sizes the control by
        // all of them: in the system font (a native control), an English page does not download the
        // font's Cyrillic and Vietnamese files for this list (issue 15).
        className={`font-system h-9 ${compact ? '' : 'max-w-[14rem]'} rounded-btn border border-line bg-white ps-2 pe-8 text-sm text-ink focus:border-primary disabled:opacity-60`}
      >
        {supported.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </select>
    </div>
  );
}

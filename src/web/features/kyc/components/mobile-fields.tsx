import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { countryOptions } from '../model/country-names.ts';

/**
 * The dial-code choices of the mobile number (issue 30): every country of the §3 list with its
 * regionCode ("Germany (+49)"), disabled countries included — a phone number may be from anywhere.
 */
export function useDialCodeOptions(countries: readonly CountryListEntry[] | undefined): SelectOption[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const dial = new Map((countries ?? []).map((c) => [c.countryCode, c.regionCode]));
    return countryOptions(countries ?? [], language)
      .filter((c) => dial.get(c.code))
      .map((c) => ({ value: c.code, label: `${c.name} (+${dial.get(c.code)!})` }));
  }, [countries, language]);
}

export interface MobileFieldsProps {
  countries: readonly CountryListEntry[] | undefined;
  /** `form.register(name)` of the enclosing form. */
  field: (name: 'mobileCountry' | 'mobileNumber') => object;
  errorOf: (name: 'mobileCountry' | 'mobileNumber') => string | undefined;
}

/** The optional mobile number: its country's dial code and the number (§5: 7 to 12 digits). */
export function MobileFields({ countries, field, errorOf }: MobileFieldsProps) {
  const { t } = useTranslation();
  const options = useDialCodeOptions(countries);
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="mobile-fields">
      <legend className="mb-2 text-sm font-medium text-ink">{t('limits.mobile.legend')}</legend>
      <Field label={t('kyc.personal.fields.mobileCountry')} error={errorOf('mobileCountry')} optional>
        {/* Optional: "no number" stays choosable (the select's placeholder is not). */}
        <Select options={[{ value: '', label: countries ? t('limits.mobile.selectDialCode') : t('common.loading') }, ...options]} disabled={!countries} autoComplete="tel-country-code" {...field('mobileCountry')} />
      </Field>
      <Field label={t('kyc.personal.fields.mobileNumber')} error={errorOf('mobileNumber')} hint={t('limits.mobile.hint')} optional>
        <TextInput type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={20} {...field('mobileNumber')} />
      </Field>
    </fieldset>
  );
}

import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldRegistration } from '../../../lib/forms/small-form.ts';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import type { ResidentialAddressInput } from '../../../../shared/api/personal-info.ts';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, STATE_REGION_MAX_LENGTH } from '../../../../shared/personal-info-limits.ts';
import type { SelectOption } from '../../../components/ui/select.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { postalCodeRequired } from '../../../../shared/countries.ts';
import { countryOptions } from '../model/country-names.ts';

/**
 * The residential-address part shared by the personal-information form and the address-only form
 * (update-address, decision 005): the same fields, limits, labels and hints in both.
 */

export type AddressFieldName = keyof ResidentialAddressInput;

/**
 * Whether the postal code may be left empty: it depends on the residence country (the shared schema's
 * rule), so once the form has been submitted the postal code is checked again when that country
 * changes. `trigger` is the form's (react-hook-form's or a small form's), the same on every render.
 */
export function usePostalCodeOptional(residence: string | undefined, isSubmitted: boolean, trigger: (name: 'postalCode') => unknown): boolean {
  useEffect(() => {
    if (isSubmitted) void trigger('postalCode');
  }, [residence, isSubmitted, trigger]);
  return Boolean(residence) && !postalCodeRequired(residence!.toUpperCase());
}

/** Interpolation values of each address field's messages (the shared schema's limits). */
export const ADDRESS_FIELD_PARAMS: Record<AddressFieldName, Record<string, number>> = {
  residenceCountry: {},
  addressLine1: { max: ADDRESS_LINE_MAX_LENGTH },
  addressLine2: { max: ADDRESS_LINE_MAX_LENGTH },
  city: { max: CITY_MAX_LENGTH },
  stateRegion: { max: STATE_REGION_MAX_LENGTH },
  postalCode: { max: POSTAL_CODE_MAX_LENGTH },
};

/** Options of a country select in the reader's language; disabled countries are listed but cannot be chosen. */
export function useCountrySelectOptions(countries: readonly CountryListEntry[] | undefined): SelectOption[] {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(
    () =>
      countryOptions(countries ?? [], language).map((c) => ({
        value: c.code,
        label: c.disabled ? t('kyc.personal.countryUnavailable', { name: c.name }) : c.name,
        disabled: c.disabled,
      })),
    [countries, language, t],
  );
}

export interface AddressFieldsetProps {
  /** `form.register(name)` of the enclosing form (react-hook-form's or a small form's). */
  field: (name: Exclude<AddressFieldName, 'residenceCountry'>) => FieldRegistration | UseFormRegisterReturn;
  /** The translated error of a field, if any. */
  errorOf: (name: AddressFieldName) => string | undefined;
  /** The residence country has no postal codes: the field is optional and says why. */
  postalOptional: boolean;
  /** Shown first inside the fieldset (the address-only form puts the residence country there). */
  children?: ReactNode;
}

/** The "Residential address" fieldset: street, optional second line, city, state or region, postal code. */
export function AddressFieldset({ field, errorOf, postalOptional, children }: AddressFieldsetProps) {
  const { t } = useTranslation();
  const label = (name: AddressFieldName) => t(`kyc.personal.fields.${name}`);
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
      <legend className="mb-1 p-0 text-base font-semibold text-ink">{t('kyc.personal.addressHeading')}</legend>
      {children}
      <Field label={label('addressLine1')} error={errorOf('addressLine1')} hint={t('kyc.personal.hints.addressLine1')} required>
        <TextInput autoComplete="address-line1" {...field('addressLine1')} />
      </Field>
      <Field label={label('addressLine2')} error={errorOf('addressLine2')} hint={t('kyc.personal.hints.addressLine2')} optional>
        <TextInput autoComplete="address-line2" {...field('addressLine2')} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label={label('city')} error={errorOf('city')} required>
          <TextInput autoComplete="address-level2" {...field('city')} />
        </Field>
        <Field label={label('stateRegion')} error={errorOf('stateRegion')} optional>
          <TextInput autoComplete="address-level1" {...field('stateRegion')} />
        </Field>
        <Field
          label={label('postalCode')}
          error={errorOf('postalCode')}
          hint={postalOptional ? t('kyc.personal.hints.postalCode') : undefined}
          required={!postalOptional}
          optional={postalOptional}
        >
          <TextInput autoComplete="postal-code" {...field('postalCode')} />
        </Field>
      </div>
    </fieldset>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { RESIDENTIAL_ADDRESS_FIELDS, residentialAddressSchema, type PersonalInfo, type ResidentialAddress, type ResidentialAddressInput } from '../../../../shared/api/personal-info.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { validationMessage } from '../../../lib/i18n/error-message.ts';
import { showSubmitError } from '../../../lib/forms/submit-error.ts';
import { message } from '../../../lib/notify/index.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { ADDRESS_FIELD_PARAMS, AddressFieldset, useCountrySelectOptions, usePostalCodeOptional, type AddressFieldName } from './address-fields.tsx';


/** The address part of saved personal information (the form starts from it). */
function addressOf(info: PersonalInfo): ResidentialAddressInput {
  return Object.fromEntries(RESIDENTIAL_ADDRESS_FIELDS.map((k) => [k, info[k]])) as ResidentialAddressInput;
}

export interface AddressFormProps {
  /** The saved personal information; only its address is edited. */
  initial: PersonalInfo;
  /** §3 country list (with disabled countries flagged); undefined while it loads. */
  countries: readonly CountryListEntry[] | undefined;
  countriesError?: boolean;
  onRetryCountries?: () => void;
  onSaved?: () => void;
  onCancel: () => void;
  /** The server says the address cannot change now (35002): the screen should re-read the state. */
  onLocked?: () => void;
}

/**
 * "Update address" (update-address, decision 005): after level 1 is verified, the residential address
 * alone, for level 2's proof of address. Validated in the browser with the server's own schema
 * (residentialAddressSchema); server field errors mapped back onto the fields; every message translated.
 */
export function AddressForm({ initial, countries, countriesError, onRetryCountries, onSaved, onCancel, onLocked }: AddressFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const [serverParams, setServerParams] = useState<Partial<Record<AddressFieldName, Record<string, unknown>>>>({});
  const form = useForm<ResidentialAddressInput, unknown, ResidentialAddress>({
    resolver: zodResolver(residentialAddressSchema),
    defaultValues: addressOf(initial),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const postalOptional = usePostalCodeOptional(useWatch({ control: form.control, name: 'residenceCountry' }), isSubmitted, form.trigger);
  // Opened on request: the keyboard starts in the form.
  useEffect(() => form.setFocus('residenceCountry'), [form]);
  // The select's options come with the country list: show the saved country once they are there.
  useEffect(() => {
    if (countries) form.setValue('residenceCountry', form.getValues('residenceCountry'));
  }, [countries, form]);
  const options = useCountrySelectOptions(countries);

  const label = (name: AddressFieldName) => t(`kyc.personal.fields.${name}`);
  const errorOf = (name: AddressFieldName) => {
    const code = errors[name]?.message;
    if (!code) return undefined;
    return validationMessage(t, code, label(name), { ...ADDRESS_FIELD_PARAMS[name], ...serverParams[name] });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      message({ content: t('kyc.personal.updateAddress.saved'), type: 'success' });
      onSaved?.();
    } catch (error) {
      const placed = showSubmitError(error, { fields: RESIDENTIAL_ADDRESS_FIELDS, setError: form.setError, setFormError, t });
      setServerParams(Object.fromEntries(placed.filter((i) => i.params).map((i) => [i.path, i.params!])));
      if (isApiError(error) && error.retCode === RetCode.KYC_PERSONAL_INFO_LOCKED) onLocked?.();
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="flex flex-col gap-5" data-testid="address-form">
      <div>
        <h3 id={titleId} className="text-base font-semibold">
          {t('kyc.personal.updateAddress.title')}
        </h3>
        <p className="mt-1 text-sm text-muted">{t('kyc.personal.updateAddress.intro')}</p>
      </div>
      <AddressFieldset field={(name) => form.register(name)} errorOf={errorOf} postalOptional={postalOptional}>
        <Field label={label('residenceCountry')} error={errorOf('residenceCountry')} required hint={countriesError ? t('kyc.personal.countriesError') : undefined}>
          <Select
            placeholder={countries ? t('kyc.personal.selectCountry') : t('common.loading')}
            options={options}
            disabled={!countries}
            autoComplete="country"
            {...form.register('residenceCountry')}
          />
        </Field>
        {countriesError && onRetryCountries ? (
          <div>
            <Button size="small" variant="default" onClick={onRetryCountries}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
      </AddressFieldset>
      {formError ? (
        <Alert variant="error" title={t('kyc.personal.updateAddress.saveFailed')}>
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          {t('kyc.personal.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={isSubmitting}>
          {t('kyc.personal.updateAddress.save')}
        </Button>
      </div>
    </form>
  );
}

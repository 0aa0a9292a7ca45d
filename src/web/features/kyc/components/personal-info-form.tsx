import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import type { PersonalInfo, PersonalInfoInput } from '../../../../shared/api/personal-info.ts';
import { MAX_AGE_YEARS, MIN_AGE_YEARS, NAME_MAX_LENGTH } from '../../../../shared/personal-info-limits.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput, todayIso } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { validationMessage } from '../../../lib/i18n/error-message.ts';
import { useSmallForm } from '../../../lib/forms/small-form.ts';
import { showSubmitError } from '../../../lib/forms/submit-error.ts';
import { message } from '../../../lib/notify/index.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { useSavePersonalInfo } from '../api/save-personal-info.ts';
import { differsFrom, forgetPersonalDraft, readPersonalDraft, writePersonalDraft } from '../model/personal-draft.ts';
import { MobileFields } from './mobile-fields.tsx';
import { ADDRESS_FIELD_PARAMS, AddressFieldset, useCountrySelectOptions, usePostalCodeOptional } from './address-fields.tsx';

type FieldName = keyof PersonalInfoInput;

const FIELDS: readonly FieldName[] = [
  'firstName', 'middleName', 'lastName', 'dateOfBirth', 'nationality', 'residenceCountry',
  'addressLine1', 'addressLine2', 'city', 'stateRegion', 'postalCode', 'mobileCountry', 'mobileNumber',
];

/** Interpolation values of each field's messages (the schema's limits); the server's own params win. */
export const FIELD_PARAMS: Record<FieldName, Record<string, number>> = {
  firstName: { max: NAME_MAX_LENGTH },
  middleName: { max: NAME_MAX_LENGTH },
  lastName: { max: NAME_MAX_LENGTH },
  dateOfBirth: { min: MIN_AGE_YEARS, max: MAX_AGE_YEARS },
  nationality: {},
  ...ADDRESS_FIELD_PARAMS,
  mobileCountry: {},
  mobileNumber: {},
};

const EMPTY: PersonalInfoInput = {
  firstName: '', middleName: '', lastName: '', dateOfBirth: '', nationality: '', residenceCountry: '',
  addressLine1: '', addressLine2: '', city: '', stateRegion: '', postalCode: '', mobileCountry: '', mobileNumber: '',
};


/**
 * The server's own schema as the form's resolver, loaded when first needed (issue 15): the schema and
 * zod are 24 KB compressed that a new user's personal page painted the form without. Loading starts
 * when someone first focuses a field (loadValidation below), so a submit rarely waits for it; a
 * submit before that waits for the chunk, then validates exactly as before.
 */
const loadValidation = () => import('./personal-info-resolver.ts');
const validatePersonalInfo = async (values: PersonalInfoInput) => (await loadValidation()).validatePersonalInfo(values);

export interface PersonalInfoFormProps {
  /** What is saved already (editing), or null (first time). */
  initial: PersonalInfo | null;
  /** §3 country list (with disabled countries flagged); undefined while it loads. */
  countries: readonly CountryListEntry[] | undefined;
  /** The country list failed: the selects say so and offer a retry. */
  countriesError?: boolean;
  onRetryCountries?: () => void;
  /** Called after a successful save. */
  onSaved?: (saved: PersonalInfo) => void;
  /** Shows a Cancel button (editing saved information). */
  onCancel?: () => void;
  /** The server says the information is locked now (35002): the screen should re-read it. */
  onLocked?: () => void;
}

/**
 * The personal-information form of level 1 (`kyc-personal-info`): validated in the browser with the
 * server's own schema (personalInfoSchema), server field errors mapped back onto the fields, every
 * message translated. A small form of its own (lib/forms/small-form.ts), not react-hook-form: it is
 * on a new user's first page (decision 032).
 */
export function PersonalInfoForm({ initial, countries, countriesError, onRetryCountries, onSaved, onCancel, onLocked }: PersonalInfoFormProps) {
  const { t } = useTranslation();
  const save = useSavePersonalInfo();
  const [formError, setFormError] = useState<string | null>(null);
  const [serverParams, setServerParams] = useState<Partial<Record<FieldName, Record<string, unknown>>>>({});
  const userId = useGlobalStore((s) => s.user.id);
  // What is saved (or the empty form), and what was typed before a reload, if anything.
  const [baseline] = useState<PersonalInfoInput>(() => (initial ? { ...EMPTY, ...initial } : EMPTY));
  const [draft, setDraft] = useState(() => {
    const kept = readPersonalDraft(userId);
    return kept && differsFrom({ ...baseline, ...kept }, baseline) ? kept : null;
  });
  const form = useSmallForm<PersonalInfoInput, PersonalInfo>({
    validate: validatePersonalInfo,
    defaultValues: draft ? { ...baseline, ...draft } : baseline,
    fields: FIELDS,
    watch: ['residenceCountry'],
  });
  // Every change is kept until saved, cancelled or discarded (model/personal-draft.ts). The fields'
  // own handlers run first, so the form's values are current when the event bubbles here.
  const keepDraft = () => writePersonalDraft(userId, form.getValues(), baseline);
  const discardDraft = () => {
    forgetPersonalDraft(userId);
    setDraft(null);
    form.reset(baseline);
  };
  const { errors, isSubmitting } = form;
  const postalOptional = usePostalCodeOptional(form.watched('residenceCountry'), form.isSubmitted, form.trigger);

  const options = useCountrySelectOptions(countries);

  const label = (name: FieldName) => t(`kyc.personal.fields.${name}`);
  const errorOf = (name: FieldName) => {
    const code = errors[name];
    if (!code) return undefined;
    return validationMessage(t, code, label(name), { ...FIELD_PARAMS[name], ...serverParams[name] });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await save.mutateAsync(values);
      forgetPersonalDraft(userId);
      message({ content: t('kyc.personal.saved'), type: 'success' });
      onSaved?.(result.info ?? values);
    } catch (error) {
      // The small form takes react-hook-form's setError shape for the fields it has (FIELDS, all showSubmitError places).
      const placed = showSubmitError(error, { fields: FIELDS, setError: form.setError as UseFormSetError<PersonalInfoInput>, setFormError, t });
      setServerParams(Object.fromEntries(placed.filter((i) => i.params).map((i) => [i.path, i.params!])));
      if (isApiError(error) && error.retCode === RetCode.KYC_PERSONAL_INFO_LOCKED) onLocked?.();
    }
  });

  const countrySelect = (name: 'nationality' | 'residenceCountry', autoComplete?: string) => (
    <Field label={label(name)} error={errorOf(name)} required hint={countriesError ? t('kyc.personal.countriesError') : undefined}>
      <Select placeholder={countries ? t('kyc.personal.selectCountry') : t('common.loading')} options={options} disabled={!countries} autoComplete={autoComplete} {...form.register(name)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} onChange={keepDraft} onInput={keepDraft} onFocus={() => void loadValidation()} aria-labelledby="personal-info-title" className="flex flex-col gap-5">
      {draft ? (
        <Alert
          variant="info"
          role="note"
          action={
            <Button size="small" variant="default" onClick={discardDraft}>
              {t('ux.draft.discard')}
            </Button>
          }
        >
          {t('ux.draft.restored')}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={label('firstName')} error={errorOf('firstName')} required>
          <TextInput autoComplete="given-name" maxLength={NAME_MAX_LENGTH + 10} {...form.register('firstName')} />
        </Field>
        <Field label={label('middleName')} error={errorOf('middleName')} optional>
          <TextInput autoComplete="additional-name" maxLength={NAME_MAX_LENGTH + 10} {...form.register('middleName')} />
        </Field>
        <Field label={label('lastName')} error={errorOf('lastName')} required>
          <TextInput autoComplete="family-name" maxLength={NAME_MAX_LENGTH + 10} {...form.register('lastName')} />
        </Field>
        <Field label={label('dateOfBirth')} error={errorOf('dateOfBirth')} hint={t('kyc.personal.hints.dateOfBirth', { min: MIN_AGE_YEARS })} required>
          <DateInput autoComplete="bday" max={todayIso()} {...form.register('dateOfBirth')} />
        </Field>
        {countrySelect('nationality')}
        {countrySelect('residenceCountry', 'country')}
      </div>
      {countriesError && onRetryCountries ? (
        <div>
          <Button size="small" variant="default" onClick={onRetryCountries}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      <AddressFieldset field={(name) => form.register(name)} errorOf={errorOf} postalOptional={postalOptional} />
      <MobileFields countries={countries} field={(name) => form.register(name)} errorOf={errorOf} />
      {formError ? (
        <Alert variant="error" title={t('kyc.personal.saveFailed')}>
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button
            variant="default"
            onClick={() => {
              forgetPersonalDraft(userId);
              onCancel();
            }}
            disabled={isSubmitting}
          >
            {t('kyc.personal.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={isSubmitting}>
          {t('kyc.personal.save')}
        </Button>
      </div>
    </form>
  );
}

import { z } from '../zod.ts';
import { isCountryCode, postalCodeRequired } from '../countries.ts';
import { mobileField, ValidationMessage, visibleText } from '../validation.ts';
import { ageInYears, todayIso } from './calendar.ts';
import { enabledCountryField, pastDateField, timestampValue } from './kyc-fields.ts';
import { KycRule } from './kyc-rules.ts';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  MAX_AGE_YEARS,
  MIN_AGE_YEARS,
  NAME_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  STATE_REGION_MAX_LENGTH,
} from '../personal-info-limits.ts';

/**
 * Contracts of the personal information calls: POST/GET kyc-personal-info (§7) and POST
 * update-address (beyond §7, decision 005). One request schema validates in the browser form and on
 * the server.
 */

/** The limits (schema-free home: personal-info-limits.ts, quoted by the form before zod loads). */
export * from '../personal-info-limits.ts';

// Letters of any script (with their combining marks), single spaces, hyphens and apostrophes between them.
const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;
// Free-text address fields: no control characters and no markup brackets.
const TEXT_PATTERN = /^[^\u0000-\u001f\u007f<>]*$/;
const POSTAL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

const requiredText = (max: number) =>
  z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleText)
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(max, { error: ValidationMessage.MAX_LENGTH })
    .regex(TEXT_PATTERN, { error: KycRule.INVALID_TEXT });

const optionalText = (max: number) =>
  z
    .string({ error: ValidationMessage.TYPE })
    .trim()
    .check(visibleText)
    .max(max, { error: ValidationMessage.MAX_LENGTH })
    .regex(TEXT_PATTERN, { error: KycRule.INVALID_TEXT })
    .default('');

const nameField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .check(visibleText)
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(NAME_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .regex(NAME_PATTERN, { error: KycRule.INVALID_NAME });

const optionalNameField = z
  .string({ error: ValidationMessage.TYPE })
  .trim()
  .check(visibleText)
  .max(NAME_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .refine((v) => v === '' || NAME_PATTERN.test(v), { error: KycRule.INVALID_NAME })
  .default('');

/** The residential address: residence country (enabled countries only) and the address in it. */
const residentialAddressFields = {
  residenceCountry: enabledCountryField,
  addressLine1: requiredText(ADDRESS_LINE_MAX_LENGTH),
  addressLine2: optionalText(ADDRESS_LINE_MAX_LENGTH),
  city: requiredText(CITY_MAX_LENGTH),
  stateRegion: optionalText(STATE_REGION_MAX_LENGTH),
  postalCode: z
    .string({ error: ValidationMessage.TYPE })
    .trim()
    .max(POSTAL_CODE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
    .refine((v) => v === '' || POSTAL_PATTERN.test(v), { error: KycRule.INVALID_POSTAL_CODE })
    .default(''),
};

/** Postal codes are required wherever a postal-code system exists. */
function requirePostalCode(address: { residenceCountry: string; postalCode: string }, ctx: z.RefinementCtx): void {
  if (address.postalCode === '' && postalCodeRequired(address.residenceCountry)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: ValidationMessage.REQUIRED });
  }
}

/**
 * The optional mobile number (issue 30): its country (ISO code; the dial code is the §3 country list's
 * regionCode) and the number without it, §5's rule (7 to 12 digits after trimming, 'invalid mobile
 * number'). A number needs its country; a country without a number is dropped.
 */
const mobileFields = {
  mobileCountry: z
    .string({ error: ValidationMessage.TYPE })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || isCountryCode(v), { error: KycRule.INVALID_COUNTRY })
    .default(''),
  mobileNumber: mobileField.default(''),
};

function mobileNeedsCountry(info: { mobileCountry: string; mobileNumber: string }, ctx: z.RefinementCtx): void {
  if (info.mobileNumber !== '' && info.mobileCountry === '') ctx.addIssue({ code: 'custom', path: ['mobileCountry'], message: ValidationMessage.REQUIRED });
}

/**
 * POST kyc-personal-info: personal information as a regulated exchange asks for it: legal names as
 * on the identity document, date of birth (adults only), nationality, residence country and address.
 * THE schema of the browser form and of the server.
 */
export const personalInfoSchema = z
  .object({
    firstName: nameField,
    middleName: optionalNameField,
    lastName: nameField,
    dateOfBirth: pastDateField
      .refine((v) => ageInYears(v, todayIso()) >= MIN_AGE_YEARS, { error: KycRule.TOO_YOUNG, params: { min: MIN_AGE_YEARS }, abort: true })
      .refine((v) => ageInYears(v, todayIso()) <= MAX_AGE_YEARS, { error: KycRule.TOO_OLD, params: { max: MAX_AGE_YEARS } }),
    nationality: enabledCountryField,
    ...residentialAddressFields,
    ...mobileFields,
  })
  .superRefine(requirePostalCode)
  .superRefine(mobileNeedsCountry)
  .transform((info) => (info.mobileNumber === '' ? { ...info, mobileCountry: '' } : info));
/** What the form holds / the client sends. */
export type PersonalInfoInput = z.input<typeof personalInfoSchema>;
/** What is stored and returned (trimmed, codes upper-cased, optional fields ''). */
export type PersonalInfo = z.output<typeof personalInfoSchema>;

/**
 * POST update-address (beyond §7, decision 005): the residential address alone, the same fields and
 * rules as in personalInfoSchema. People move: after level 1 is verified the address can still be
 * corrected for level 2's proof of address; names, date of birth and nationality cannot. Other
 * fields in a body are ignored.
 */
export const residentialAddressSchema = z.object(residentialAddressFields).superRefine(requirePostalCode);
export type ResidentialAddressInput = z.input<typeof residentialAddressSchema>;
export type ResidentialAddress = z.output<typeof residentialAddressSchema>;
/** The fields of the residential address, in form order. */
export const RESIDENTIAL_ADDRESS_FIELDS = Object.keys(residentialAddressFields) as (keyof ResidentialAddress)[];

/**
 * Saved personal information in a reply: the same fields as PersonalInfo, already validated when
 * saved, so the reply only fixes their shape (a test keeps the two in step).
 */
export const savedPersonalInfo = z.object({
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  nationality: z.string(),
  residenceCountry: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  stateRegion: z.string(),
  postalCode: z.string(),
  /** '' when not given (issue 30). */
  mobileCountry: z.string(),
  mobileNumber: z.string(),
});

/** GET and POST kyc-personal-info, POST update-address: the saved information, and what may still change. */
export const personalInfoResult = z.object({
  info: savedPersonalInfo.nullable(),
  /** §4: editable until submitted, i.e. while the level 1 step is ALLOW or FAILED_AND_CAN_RETRY. */
  editable: z.boolean(),
  /**
   * The residential address may be changed (update-address): whenever `editable`, and also once
   * level 1 is verified while level 2 accepts a submission (ALLOW or FAILED_AND_CAN_RETRY).
   */
  addressEditable: z.boolean(),
  updatedAt: timestampValue.nullable(),
});
export type PersonalInfoResult = z.output<typeof personalInfoResult>;

import { z } from '../zod.ts';
import { isCountryCode, isCountryEnabled } from '../countries.ts';
import { KycFlow, KycLevel, Provider, StepStatus, type VerifiableLevel } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';
import { isCalendarDate, todayIso } from './calendar.ts';
import { KycRule } from './kyc-rules.ts';

/** Fields several KYC contracts share, in requests (with their messages) and in replies. */

// ---------------------------------------------------------------------------------------------
// Request fields.
// ---------------------------------------------------------------------------------------------

/** An ISO 3166-1 alpha-2 code from the §3 country list (disabled ones included). */
export const countryCodeField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .transform((v) => v.toUpperCase())
  .refine((v): boolean => isCountryCode(v), { error: KycRule.INVALID_COUNTRY });

/** An ISO 3166-1 alpha-2 code from the §3 country list that is not disabled. */
export const enabledCountryField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .transform((v) => v.toUpperCase())
  .refine((v): boolean => isCountryCode(v), { error: KycRule.INVALID_COUNTRY, abort: true })
  .refine(isCountryEnabled, { error: KycRule.COUNTRY_NOT_SUPPORTED });

/** A real calendar date, YYYY-MM-DD, not after today. */
export const pastDateField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .refine(isCalendarDate, { error: KycRule.INVALID_DATE, abort: true })
  .refine((v) => v <= todayIso(), { error: KycRule.FUTURE_DATE, abort: true });

/** A level a user verifies, as JSON bodies send it (1 or 2). */
export const levelField = z.union([z.literal(KycLevel.LEVEL_1), z.literal(KycLevel.LEVEL_2)], { error: ValidationMessage.TYPE });

/** Requests naming a level; the level defaults to 1. Empty bodies are allowed. */
export const levelRequest = z.preprocess((v) => v ?? {}, z.object({ level: levelField.default(KycLevel.LEVEL_1) }));
/** The body as the client sends it. */
export type LevelRequest = { level?: VerifiableLevel };

// ---------------------------------------------------------------------------------------------
// Reply fields: plain shapes (no transforms), so a reply serializes exactly as described.
// ---------------------------------------------------------------------------------------------

export const kycLevelValue = z.literal([KycLevel.LEVEL_DEFAULT, KycLevel.LEVEL_1, KycLevel.LEVEL_2]);
export const verifiableLevelValue = z.literal([KycLevel.LEVEL_1, KycLevel.LEVEL_2]);
export const stepStatusValue = z.enum(StepStatus);
export const providerValue = z.enum(Provider);
export const kycFlowValue = z.enum(KycFlow);
/** An instant as ISO-8601 text (how the database and every reply carry time). */
export const timestampValue = z.string();

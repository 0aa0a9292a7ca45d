import { DocumentType, Provider } from './kyc.ts';

/**
 * The quick path to LEVEL_1 (§2 child route `vendor`: non-document verification; docs/decisions/019):
 * which countries offer it, with which identity numbers, through which provider — as data, in one
 * place, read by the server (eligibility, validation) and the web (labels, format help). Schema-free,
 * so the first page could use it without zod.
 *
 * To offer a country: add a row to QUICK_KYC_OFFERS (its provider must cover the country and number
 * in its adapter's `nonDocCoverage`, or the row is reported as "provider not configured").
 */

/** The identity numbers a registry check accepts. */
export const QuickKycIdType = {
  /** Nigeria: Bank Verification Number (§3 "bank verification number"), 11 digits. */
  BVN: 'BVN',
  /** Nigeria: National Identification Number, 11 digits. */
  NIN: 'NIN',
  /** South Africa: the 13-digit identity number (its last digit a Luhn check digit). */
  ZA_ID: 'ZA_ID',
  /** Brazil: Cadastro de Pessoas Físicas, 11 digits with two check digits. */
  CPF: 'CPF',
} as const;
export type QuickKycIdType = (typeof QuickKycIdType)[keyof typeof QuickKycIdType];
export const QUICK_KYC_ID_TYPES = Object.values(QuickKycIdType) as [QuickKycIdType, ...QuickKycIdType[]];

/** One country's offer: the numbers its residents may use and the provider that checks them. */
export interface QuickKycOffer {
  /** Country of residence, ISO 3166-1 alpha-2. */
  country: string;
  provider: Provider;
  idTypes: readonly QuickKycIdType[];
}

export const QUICK_KYC_OFFERS: readonly QuickKycOffer[] = [
  { country: 'NG', provider: Provider.PROVIDER_SUMSUB, idTypes: [QuickKycIdType.BVN, QuickKycIdType.NIN] },
  { country: 'ZA', provider: Provider.PROVIDER_SUMSUB, idTypes: [QuickKycIdType.ZA_ID] },
  { country: 'BR', provider: Provider.PROVIDER_SUMSUB, idTypes: [QuickKycIdType.CPF] },
];

/** The offer for a country of residence, if any. */
export function quickKycOfferFor(country: string): QuickKycOffer | undefined {
  return QUICK_KYC_OFFERS.find((o) => o.country === country);
}

/**
 * Registry checks cost money per lookup and could be used to probe whose number is whose: each
 * user gets this many checks per rolling day (the window of the throttle counter), whatever their outcome.
 */
export const QUICK_KYC_ATTEMPTS_PER_DAY = 3;
export const QUICK_KYC_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Luhn (mod 10) over all digits: South Africa's identity number ends in its Luhn check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brazil's CPF: two mod-11 check digits; numbers of one repeated digit pass the sums but are invalid. */
export function cpfValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** What a number looks like: its digit count, an optional check, and the §3 document type it counts as. */
export interface IdNumberRule {
  digits: number;
  check?: (digits: string) => boolean;
  /** The application's document type (§3): BVN is its own; the national numbers stand for the ID card. */
  documentType: DocumentType;
}

export const ID_NUMBER_RULES: Readonly<Record<QuickKycIdType, IdNumberRule>> = {
  BVN: { digits: 11, documentType: DocumentType.BANK_VERIFICATION_NUMBER },
  NIN: { digits: 11, documentType: DocumentType.ID_CARD },
  ZA_ID: { digits: 13, check: luhnValid, documentType: DocumentType.ID_CARD },
  CPF: { digits: 11, check: cpfValid, documentType: DocumentType.ID_CARD },
};

/**
 * Validation messages of the quick path: namespaced keys of the `quick-kyc` translation part
 * (toFieldIssues passes them through), so browser and server say the same thing.
 */
export const QuickKycRule = {
  /** Characters other than digits (spaces, dots and hyphens are removed first). */
  DIGITS_ONLY: 'quick-kyc.digits_only',
  /** Not the type's number of digits; params: { digits }. */
  WRONG_LENGTH: 'quick-kyc.wrong_length',
  /** The check digit(s) do not fit: a typing mistake. */
  CHECK_DIGIT: 'quick-kyc.check_digit',
  /** The number type is not offered in the user's country of residence. */
  ID_TYPE_NOT_OFFERED: 'quick-kyc.id_type_not_offered',
} as const;
export type QuickKycRule = (typeof QuickKycRule)[keyof typeof QuickKycRule];

/** A number as typed, without the separators people write it with ("123.456.789-09", "221 234 5678"). */
export function normalizeIdNumber(value: string): string {
  return value.replace(/[\s.\-/]/g, '');
}

/** Why a (normalized) number cannot be of `idType`, or null when it can. */
export function idNumberIssue(idType: QuickKycIdType, digits: string): { code: QuickKycRule; params?: { digits: number } } | null {
  const rule = ID_NUMBER_RULES[idType];
  if (!/^\d*$/.test(digits)) return { code: QuickKycRule.DIGITS_ONLY };
  if (digits.length !== rule.digits) return { code: QuickKycRule.WRONG_LENGTH, params: { digits: rule.digits } };
  if (rule.check && !rule.check(digits)) return { code: QuickKycRule.CHECK_DIGIT };
  return null;
}

/** For display to the user: only the last four digits show ("•••••••5678"). */
export function maskIdNumber(digits: string): string {
  return digits.length <= 4 ? digits : `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

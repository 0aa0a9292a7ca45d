/**
 * Validation messages of the KYC contracts beyond §5's generic ones. They are namespaced translation
 * keys (part `kyc-rules` of the user-accounts namespace); `toFieldIssues` passes such keys through
 * unchanged. Schema-free: any screen may show them.
 */
export const KycRule = {
  INVALID_NAME: 'kyc-rules.invalid_name',
  INVALID_DATE: 'kyc-rules.invalid_date',
  FUTURE_DATE: 'kyc-rules.future_date',
  TOO_YOUNG: 'kyc-rules.too_young',
  TOO_OLD: 'kyc-rules.too_old',
  INVALID_COUNTRY: 'kyc-rules.invalid_country',
  COUNTRY_NOT_SUPPORTED: 'kyc-rules.country_not_supported',
  INVALID_POSTAL_CODE: 'kyc-rules.invalid_postal_code',
  INVALID_TEXT: 'kyc-rules.invalid_text',
  DOCUMENT_TYPE_NOT_SUPPORTED: 'kyc-rules.document_type_not_supported',
  INVALID_BVN: 'kyc-rules.invalid_bvn',
  DOCUMENT_TOO_OLD: 'kyc-rules.document_too_old',
  REASON_NOT_APPLICABLE: 'kyc-rules.reason_not_applicable',
} as const;
export type KycRule = (typeof KycRule)[keyof typeof KycRule];

/** TanStack Query keys of the questionnaire screens. */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  detail: (code: string) => ['questionnaires', 'detail', code] as const,
  list: () => ['questionnaires', 'list'] as const,
  /** The caller's enhanced due diligence (decision 028): changes when an EDD questionnaire is sent. */
  edd: () => ['questionnaires', 'edd'] as const,
};

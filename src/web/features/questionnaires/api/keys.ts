/** TanStack Query keys of the questionnaire screens. */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  detail: (code: string) => ['questionnaires', 'detail', code] as const,
  list: () => ['questionnaires', 'list'] as const,
};

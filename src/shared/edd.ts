/**
 * Enhanced due diligence names that the browser needs without the API schemas (decision 028): the
 * questionnaires a round asks for, in the order the user answers them (§2 routes). Schema-free, so a
 * screen can import it without pulling zod contracts into its chunk.
 */
export const EDD_TEMPLATE_CODES: readonly string[] = ['eddQuestionnaire', 'sourceOfFundsWealth'];

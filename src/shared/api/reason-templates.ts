import { z } from '../zod.ts';
import { SHIPPED_LANGUAGES } from '../languages.ts';
import { REJECT_REASON_CODES, type RejectReasonCode } from '../review-reasons.ts';
import { ValidationMessage, visibleMultilineText } from '../validation.ts';

/**
 * Reviewer message templates per reject reason (issue 28, decision 052): administrators write, for
 * each reason and each language a user may read, the message that explains it; the user is shown
 * the template of every reason of their rejection in their own language (beside the reason's
 * translated title), and the console's reject form starts the reviewer's message from them.
 */
export const REASON_TEMPLATE_MAX_LENGTH = 500;

const reasonCode = z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]], { error: ValidationMessage.TYPE });
const language = z.enum(SHIPPED_LANGUAGES, { error: ValidationMessage.TYPE });

export const reasonTemplate = z.object({ reasonCode, language: z.string(), text: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() });
export type ReasonTemplate = z.output<typeof reasonTemplate>;

/** Console GET reason-templates: every template (reviewers read them for the reject form). */
export const reasonTemplatesResult = z.object({ templates: z.array(reasonTemplate) });
export type ReasonTemplatesResult = z.output<typeof reasonTemplatesResult>;

/** Console PUT reason-templates (administrators): one reason in one language; an empty text removes it. */
export const saveReasonTemplateRequest = z.object({
  reasonCode,
  language,
  text: z.string({ error: ValidationMessage.TYPE }).trim().check(visibleMultilineText).max(REASON_TEMPLATE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type SaveReasonTemplateRequest = z.input<typeof saveReasonTemplateRequest>;

/** The user's GET kyc reason-templates ?lang: the templates in that language, by reason (none: the reason's title and hint only). */
export const userReasonTemplatesQuery = z.object({ lang: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(16, { error: ValidationMessage.MAX_LENGTH }) });
export const userReasonTemplatesResult = z.object({ language: z.string(), templates: z.record(z.string(), z.string()) });
export type UserReasonTemplatesResult = z.output<typeof userReasonTemplatesResult>;

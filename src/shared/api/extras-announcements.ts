import { z } from '../zod.ts';
import { AnnouncementAudience } from '../extras.ts';
import { SHIPPED_LANGUAGES } from '../languages.ts';
import { ValidationMessage } from '../validation.ts';
import { timestampValue } from './kyc-fields.ts';

/** KYC announcements (§7 POST submit-kyc-announcement; decision 025): published by administrators, acknowledged by users. */

const titleField = z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(200, { error: ValidationMessage.MAX_LENGTH });
const bodyField = z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(5000, { error: ValidationMessage.MAX_LENGTH });

/**
 * An announcement's title and body in other languages (issue 27, decision 053), by shipped language
 * code; the page shows the one of its language, else the text as written (`title`, `body`).
 */
export const announcementTranslations = z.partialRecord(z.enum(SHIPPED_LANGUAGES, { error: ValidationMessage.TYPE }), z.object({ title: titleField, body: bodyField }));
export type AnnouncementTranslations = z.output<typeof announcementTranslations>;

export const kycAnnouncement = z.object({ id: z.string(), title: z.string(), body: z.string(), publishedAt: timestampValue, translations: announcementTranslations.optional() });
export type KycAnnouncement = z.output<typeof kycAnnouncement>;

/** GET kyc-announcements: the announcements for the caller not yet acknowledged, newest first. */
export const kycAnnouncementsResult = z.object({ items: z.array(kycAnnouncement) });
export type KycAnnouncementsResult = z.output<typeof kycAnnouncementsResult>;

/** §7 POST submit-kyc-announcement: the caller acknowledges one announcement. */
export const submitKycAnnouncementRequest = z.object({ announcementId: z.uuid({ error: ValidationMessage.TYPE }) });
export type SubmitKycAnnouncementRequest = z.input<typeof submitKycAnnouncementRequest>;
export const submitKycAnnouncementResult = z.object({ announcementId: z.string(), acknowledgedAt: timestampValue });
export type SubmitKycAnnouncementResult = z.output<typeof submitKycAnnouncementResult>;

// Console.
export const newAnnouncementRequest = z.object({
  title: titleField,
  body: bodyField,
  audience: z.enum(AnnouncementAudience, { error: ValidationMessage.TYPE }),
  translations: announcementTranslations.optional(),
});
export type NewAnnouncementRequest = z.input<typeof newAnnouncementRequest>;
export const announcementIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });
export const announcementView = kycAnnouncement.extend({ audience: z.enum(AnnouncementAudience), withdrawnAt: timestampValue.nullable(), acknowledgements: z.number().int() });
export type AnnouncementView = z.output<typeof announcementView>;
export const announcementsResult = z.object({ items: z.array(announcementView) });
export type AnnouncementsResult = z.output<typeof announcementsResult>;

import type { KycAnnouncement } from '../../../../shared/api/extras-announcements.ts';

/**
 * The title and body of an announcement in the page's language (issue 27, decision 053): the
 * administrator's translation for that language, else one for the same language of another region
 * (de for de-AT), else the text as written.
 */
export function announcementText(announcement: KycAnnouncement, language: string): { title: string; body: string } {
  const translations = announcement.translations ?? {};
  const exact = (translations as Record<string, { title: string; body: string } | undefined>)[language];
  if (exact) return exact;
  const base = language.split('-')[0]!;
  const sameLanguage = Object.entries(translations).find(([code]) => code.split('-')[0] === base)?.[1];
  return sameLanguage ?? { title: announcement.title, body: announcement.body };
}

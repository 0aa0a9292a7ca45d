import { describe, expect, it } from 'vitest';
import { announcementText } from './announcement-text.ts';

const announcement = {
  id: 'a-1',
  title: 'Residence permits are accepted',
  body: 'A residence permit now verifies your identity.',
  publishedAt: '2026-01-01T00:00:00.000Z',
  translations: { 'de-DE': { title: 'Aufenthaltstitel werden akzeptiert', body: 'Ein Aufenthaltstitel bestätigt jetzt Ihre Identität.' }, 'zh-CN': { title: '现已接受居留许可', body: '居留许可现在可以验证您的身份。' } },
};

describe('announcementText (issue 27)', () => {
  it("the page's language, else the same language of another region, else the text as written", () => {
    expect(announcementText(announcement, 'de-DE').title).toBe('Aufenthaltstitel werden akzeptiert');
    expect(announcementText(announcement, 'zh-TW').title).toBe('现已接受居留许可');
    expect(announcementText(announcement, 'ja-JP')).toEqual({ title: announcement.title, body: announcement.body });
    expect(announcementText({ ...announcement, translations: undefined }, 'de-DE').title).toBe(announcement.title);
  });
});

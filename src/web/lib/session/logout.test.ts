import { expect, it } from 'vitest';
import { forgetUserStorage } from './logout.ts';

it("forgets the user's own ua: keys and keeps preferences such as the language", () => {
  localStorage.setItem('ua:http-cache', '[["GET /x-api/v2/private/user/profile",{}]]');
  localStorage.setItem('ua:kyc-flow:user-1:1', '{"country":"ES","documentType":"ID_CARD"}');
  localStorage.setItem('i18nextLng', 'de-DE');
  forgetUserStorage();
  expect(localStorage.getItem('ua:http-cache')).toBeNull();
  expect(localStorage.getItem('ua:kyc-flow:user-1:1')).toBeNull();
  expect(localStorage.getItem('i18nextLng')).toBe('de-DE');
});

it('forgets the unsaved form drafts kept in session storage too', () => {
  sessionStorage.setItem('ua:personal-draft:user-1', '{"firstName":"Ana"}');
  sessionStorage.setItem('other', 'kept');
  forgetUserStorage(sessionStorage);
  expect(sessionStorage.getItem('ua:personal-draft:user-1')).toBeNull();
  expect(sessionStorage.getItem('other')).toBe('kept');
});

import { expect, it } from 'vitest';
import { formatBytes } from './file-drop.tsx';

it('formats sizes in units of 1024, as the server words its upload limit', () => {
  expect(formatBytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
  expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  // Truncated: a limit of 1.99 MB is never shown as "2 MB".
  expect(formatBytes(Math.floor(1.99 * 1024 * 1024), 'en')).toBe('1.9 MB');
  expect(formatBytes(850 * 1024, 'en')).toBe('850 kB');
  expect(formatBytes(10 * 1024 * 1024, 'de-DE')).toBe('10 MB');
});

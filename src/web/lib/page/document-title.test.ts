import { expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

it('joins the page, its section and the product, leaving out empty parts', () => {
  expect(documentTitle(['Selfie', 'Verify your identity'], 'Account')).toBe('Selfie · Verify your identity · Account');
  expect(documentTitle([null, 'Personal information', ''], 'Account')).toBe('Personal information · Account');
});

import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { isolateValues } from './bidi.tsx';

it('puts each value into its own left-to-right isolate inside the translated sentence', () => {
  const arabic = (v: Record<string, string>) => `معرّف المستخدم: ${v.id}`;
  const { container } = render(<p dir="rtl">{isolateValues(arabic, { id: 'a1b2-33' })}</p>);
  const bdi = container.querySelector('bdi')!;
  expect(bdi).toHaveAttribute('dir', 'ltr');
  expect(bdi.textContent).toBe('a1b2-33');
  expect(container.textContent).toBe('معرّف المستخدم: a1b2-33');
});

it('handles several values, in the order the translation puts them', () => {
  const text = (v: Record<string, string>) => `${v.fiat} ≈ ${v.btc}`;
  const { container } = render(<p>{isolateValues(text, { btc: '0.2 BTC', fiat: '$20,000.00' })}</p>);
  expect([...container.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['$20,000.00', '0.2 BTC']);
});

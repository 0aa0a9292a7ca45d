import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RateNote } from './rate-note.tsx';
import { renderKyc } from '../test-utils.tsx';

/** Decision 040: fiat figures say which rate they use, or that they are in US dollars for want of one. */
describe('RateNote', () => {
  it("names the rate's currency and time when the figures were converted", async () => {
    renderKyc(<RateNote fiat={{ currency: 'EUR', time: '2026-11-28T09:30:00.000Z', converted: true, requested: 'EUR' }} locale="en" />);
    const note = await screen.findByTestId('rate-note');
    expect(note.textContent).toMatch(/^Amounts in EUR use the exchange rate of .*2026/);
  });

  it('says the figures are in US dollars when the currency had no rate', async () => {
    renderKyc(<RateNote fiat={{ currency: 'USD', time: null, converted: false, requested: 'JPY' }} locale="en" />);
    expect(await screen.findByTestId('rate-note')).toHaveTextContent('Amounts are shown in US dollars: no current exchange rate for JPY is available.');
  });

  it('says nothing for a US dollar user or before the rate is known', () => {
    const { container } = render(<RateNote fiat={{ currency: 'USD', time: null, converted: true, requested: 'USD' }} locale="en" />);
    expect(container).toBeEmptyDOMElement();
    const before = render(<RateNote fiat={{ currency: 'USD', time: null, converted: false, requested: '' }} locale="en" />);
    expect(before.container).toBeEmptyDOMElement();
  });
});

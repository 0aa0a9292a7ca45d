import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillSlot, Slot, SlotName } from './index.tsx';

describe('slots', () => {
  it('an empty slot renders nothing; a filled one renders its lazy component', async () => {
    const { container, rerender } = render(<Slot name={SlotName.OVERVIEW_EXTRAS} />);
    expect(container).toBeEmptyDOMElement();
    fillSlot(SlotName.OVERVIEW_EXTRAS, async () => ({ default: () => <p>filled</p> }));
    rerender(<Slot name={SlotName.OVERVIEW_EXTRAS} />);
    expect(await screen.findByText('filled')).toBeInTheDocument();
  });
});

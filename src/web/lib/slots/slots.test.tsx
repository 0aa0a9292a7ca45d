import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
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

  it('with sharedBoundary, what follows the slot waits for the fill (nothing below it moves when it arrives)', async () => {
    let load!: () => void;
    fillSlot(SlotName.OVERVIEW_EXTRAS, () => new Promise((resolve) => (load = () => resolve({ default: () => <p>notices</p> }))));
    const page = (shared: boolean) => (
      <Suspense fallback={<p>loading</p>}>
        <Slot name={SlotName.OVERVIEW_EXTRAS} sharedBoundary={shared} />
        <p>overview</p>
      </Suspense>
    );
    const { unmount } = render(page(true));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('overview')).not.toBeInTheDocument();
    await act(async () => load());
    expect(screen.getByText('notices')).toBeInTheDocument();
    expect(screen.getByText('overview')).toBeInTheDocument();
    unmount();

    // Its own boundary (the default): what follows shows at once, the fill comes later.
    fillSlot(SlotName.OVERVIEW_EXTRAS, () => new Promise((resolve) => (load = () => resolve({ default: () => <p>notices</p> }))));
    render(page(false));
    expect(screen.getByText('overview')).toBeInTheDocument();
    expect(screen.queryByText('notices')).not.toBeInTheDocument();
    await act(async () => load());
    expect(screen.getByText('notices')).toBeInTheDocument();
  });
});

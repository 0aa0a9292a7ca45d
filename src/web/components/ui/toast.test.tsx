import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifyRenderers } from './notify-renderers.tsx';
import { renderUi } from './test-i18n.tsx';
import { DESIGN_TOAST_DURATION, DESIGN_TOAST_HOTKEY, DESIGN_TOAST_SWIPE_THRESHOLD, showToast, useDesignToastStore } from './toast.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  useDesignToastStore.setState({ toasts: [] });
});
afterEach(() => {
  if (vi.isFakeTimers()) act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
  document.documentElement.removeAttribute('dir');
});

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('design-system toast (§9: Radix defaults)', () => {
  it('uses the §9 numbers', () => {
    expect(DESIGN_TOAST_DURATION).toBe(5000);
    expect(DESIGN_TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(DESIGN_TOAST_HOTKEY).toEqual(['F8']);
  });

  it('has its region labelled "Notifications (F8)" even with no toast', () => {
    renderUi(<NotifyRenderers />);
    expect(region()).toBeInTheDocument();
  });

  it('shows title, description and action, and closes after 5000 ms', () => {
    renderUi(<NotifyRenderers />);
    const onUndo = vi.fn();
    act(() => {
      showToast({ title: 'Document removed', description: 'The front photo was deleted.', action: { label: 'Undo', onClick: onUndo } });
    });
    const item = within(region()).getByRole('listitem');
    expect(item).toHaveTextContent('Document removed');
    expect(item).toHaveTextContent('The front photo was deleted.');
    expect(within(item).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(item).toHaveAttribute('data-swipe-direction', 'right');

    act(() => vi.advanceTimersByTime(DESIGN_TOAST_DURATION - 1));
    expect(within(region()).queryByText('Document removed')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region()).queryByText('Document removed')).toBeNull();
    // Removed from the store after the exit animation.
    act(() => vi.advanceTimersByTime(1000));
    expect(useDesignToastStore.getState().toasts).toHaveLength(0);
  });

  it('the action runs and closes it; the close button closes it', () => {
    renderUi(<NotifyRenderers />);
    const onUndo = vi.fn();
    act(() => {
      showToast({ title: 'First', action: { label: 'Undo', onClick: onUndo } });
      showToast({ title: 'Second' });
    });
    fireEvent.click(within(region()).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(within(region()).queryByText('First')).toBeNull();
    fireEvent.click(within(region()).getByRole('button', { name: 'Close' }));
    expect(within(region()).queryByText('Second')).toBeNull();
  });

  it('F8 moves keyboard focus into the toast region', () => {
    renderUi(
      <>
        <button type="button">Elsewhere</button>
        <NotifyRenderers />
      </>,
    );
    act(() => {
      showToast({ title: 'Saved', action: { label: 'View', onClick: () => {} } });
    });
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region()).toContainElement(document.activeElement as HTMLElement);
    // Timers pause while the user is in the region (Radix): the toast outlives its 5 s.
    act(() => vi.advanceTimersByTime(DESIGN_TOAST_DURATION + 1000));
    expect(within(region()).getByText('Saved')).toBeInTheDocument();
  });

  it('on a right-to-left page it swipes towards the left edge it sits on', () => {
    document.documentElement.dir = 'rtl';
    renderUi(<NotifyRenderers />);
    act(() => {
      showToast({ title: 'مرحبا' });
    });
    expect(within(region()).getByRole('listitem')).toHaveAttribute('data-swipe-direction', 'left');
  });
});

describe('NotifyHosts (what pages mount)', () => {
  it('paints both toast regions and their hotkeys before any toast, without loading the renderers', async () => {
    vi.useRealTimers();
    const { NotifyHosts } = await import('./notify-hosts.tsx');
    renderUi(
      <>
        <input aria-label="Name" />
        <NotifyHosts />
      </>,
    );
    const design = screen.getByRole('region', { name: 'Notifications (F8)' });
    const status = screen.getByRole('region', { name: 'Status messages (Shift+F8)' });
    expect(screen.getByRole('region', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notices' })).toBeInTheDocument();
    // The stand-ins, not Radix's regions: Radix puts its focus proxies and list items in its own.
    expect(within(design).queryByRole('listitem')).toBeNull();
    screen.getByLabelText('Name').focus();
    fireEvent.keyDown(window, { key: 'F8', code: 'F8' });
    expect(design.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: 'F8', code: 'F8', shiftKey: true });
    expect(status.contains(document.activeElement)).toBe(true);
  });

  it('loads the renderers with the first toast and shows what was raised before they arrived', async () => {
    vi.useRealTimers();
    const { NotifyHosts } = await import('./notify-hosts.tsx');
    renderUi(<NotifyHosts />);
    act(() => {
      showToast({ title: 'Raised early', duration: Infinity });
    });
    const toast = await screen.findByText('Raised early');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(toast);
    expect(screen.getByRole('region', { name: 'Status messages (Shift+F8)' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Notifications (F8)' })).toHaveLength(1);
  });
});

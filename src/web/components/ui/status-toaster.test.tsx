import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_REMOVE_DELAY, useToastStore } from '../../lib/notify/index.ts';
import { NotifyRenderers } from './notify-renderers.tsx';
import { STATUS_TOAST_MAX_WIDTH } from './status-toaster.tsx';
import { renderUi } from './test-i18n.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
});

const statusRegion = () => screen.getByRole('region', { name: 'Status messages (Shift+F8)' });
const titles = () => within(statusRegion()).queryAllByRole('listitem').map((li) => li.textContent);

describe('status toasts renderer (§4, §9)', () => {
  it('shows the newest first and at most 3', () => {
    renderUi(<NotifyRenderers />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `Toast ${n}`, icon: 'info' });
    });
    expect(titles()).toEqual(['Information: Toast 4', 'Information: Toast 3', 'Information: Toast 2']);
  });

  it('closes a toast after its duration (default 3000 ms) and the store removes it 3 s later', () => {
    renderUi(<NotifyRenderers />);
    let id = '';
    act(() => {
      id = toast({ title: 'Saved', icon: 'success' }).id;
    });
    expect(within(statusRegion()).getByText('Saved')).toBeVisible();

    act(() => vi.advanceTimersByTime(2999));
    expect(within(statusRegion()).queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    // Closed (dismissed) on screen, still in the store until the §4 removal delay has passed.
    expect(within(statusRegion()).queryByText('Saved')).toBeNull();
    expect(useToastStore.getState().toasts.find((t) => t.id === id)?.open).toBe(false);

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(useToastStore.getState().toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it("honours each toast's own duration (§8: failures 2 s)", () => {
    renderUi(<NotifyRenderers />);
    act(() => {
      toast({ title: 'Network down', icon: 'fail', duration: 2000 });
      toast({ title: 'Slow one', icon: 'info', duration: 10_000 });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(within(statusRegion()).queryByText('Network down')).toBeNull();
    expect(within(statusRegion()).getByText('Slow one')).toBeInTheDocument();
  });

  it('dismissing removes it from the screen now and from the store after 3 s', () => {
    renderUi(<NotifyRenderers />);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Uploading', icon: 'process', duration: Infinity });
    });
    act(() => handle.dismiss());
    expect(within(statusRegion()).queryByText('Uploading')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('updates a toast in place (e.g. process → success)', () => {
    renderUi(<NotifyRenderers />);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Uploading', icon: 'process', duration: Infinity });
    });
    const item = within(statusRegion()).getByRole('listitem');
    expect(item).toHaveAttribute('data-icon', 'process');
    act(() => handle.update({ title: 'Uploaded', icon: 'success' }));
    expect(within(statusRegion()).getByRole('listitem')).toHaveAttribute('data-icon', 'success');
    expect(titles()).toEqual(['Success: Uploaded']);
  });

  it.each([
    ['success', 'Success'],
    ['fail', 'Failed'],
    ['info', 'Information'],
    ['warn', 'Warning'],
    ['process', 'In progress'],
  ] as const)('a %s toast has its icon and says its type to screen readers', (icon, spoken) => {
    const { container } = renderUi(<NotifyRenderers />);
    act(() => {
      toast({ title: 'Message', icon });
    });
    const item = within(statusRegion()).getByRole('listitem');
    expect(item).toHaveAttribute('data-icon', icon);
    expect(item.querySelector('svg')).not.toBeNull();
    expect(within(item).getByText(`${spoken}:`, { exact: false })).toHaveClass('sr-only');
    expect(container).toBeTruthy();
  });

  it('renders the action button; clicking it runs the action and closes the toast', () => {
    renderUi(<NotifyRenderers />);
    const onClick = vi.fn();
    act(() => {
      toast({ title: 'Session expiring', icon: 'warn', action: { label: 'Stay signed in', onClick } });
    });
    fireEvent.click(within(statusRegion()).getByRole('button', { name: 'Stay signed in' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(within(statusRegion()).queryByText('Session expiring')).toBeNull();
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });

  it('is at most 480 px wide and swipes down', () => {
    renderUi(<NotifyRenderers />);
    act(() => {
      toast({ title: 'Hello' });
    });
    const item = within(statusRegion()).getByRole('listitem');
    expect(STATUS_TOAST_MAX_WIDTH).toBe(480);
    expect(item.style.maxWidth).toBe('480px');
    expect(item).toHaveAttribute('data-swipe-direction', 'down');
  });

  it('Shift+F8 moves focus to the status toasts, F8 to the design-system toasts', () => {
    renderUi(<NotifyRenderers />);
    act(() => {
      toast({ title: 'Hello' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8', shiftKey: true });
    expect(statusRegion()).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(document.activeElement as HTMLElement);
  });
});

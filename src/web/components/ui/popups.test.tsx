import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, MESSAGE_DURATION, notification, NOTIFICATION_DURATION, NOTIFICATION_MAX, usePopupStore } from '../../lib/notify/index.ts';
import { MessageHost } from './message-host.tsx';
import { NotificationHost } from './notification-host.tsx';
import { loadPopupItems } from './popup-items-loader.ts';
import { renderUi } from './test-i18n.tsx';

// The items load with the first popup on a page; loaded up front here, they render in the same turn.
beforeAll(() => loadPopupItems());
beforeEach(() => {
  vi.useFakeTimers();
  usePopupStore.setState({ messages: [], notifications: [] });
});
afterEach(() => {
  act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
});

describe('message popups (§9: top, offset 8, max width 480, 3 s)', () => {
  it('sits 8 px from the top and shows each message at most 480 px wide', () => {
    renderUi(<MessageHost />);
    act(() => {
      message({ content: 'Copied', type: 'success' });
    });
    const host = screen.getByRole('region', { name: 'Messages' });
    expect(host.style.top).toBe('8px');
    expect(host).toHaveAttribute('aria-live', 'polite');
    const item = within(host).getByText('Copied').closest('[data-type]') as HTMLElement;
    expect(item).toHaveAttribute('data-type', 'success');
    expect(item.style.maxWidth).toBe('480px');
  });

  it('closes each message 3 s after it appeared', () => {
    renderUi(<MessageHost />);
    act(() => {
      message({ content: 'First' });
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      message({ content: 'Second', type: 'error' });
    });
    expect(screen.getByText('Second').closest('[role="alert"]')).not.toBeNull();

    act(() => vi.advanceTimersByTime(MESSAGE_DURATION - 1000 - 1));
    expect(screen.queryByText('First')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.queryByText('Second')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Second')).toBeNull();
    expect(usePopupStore.getState().messages).toEqual([]);
  });
});

describe('notification popups (§9: bottom-right, max 4, width 320, bottom 40, 4.5 s)', () => {
  it('keeps at most 4, dropping the oldest', () => {
    renderUi(<NotificationHost />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) notification({ title: `Note ${n}` });
    });
    const host = screen.getByRole('region', { name: 'Notices' });
    expect(NOTIFICATION_MAX).toBe(4);
    expect(within(host).queryByText('Note 1')).toBeNull();
    for (const n of [2, 3, 4, 5]) expect(within(host).getByText(`Note ${n}`)).toBeInTheDocument();
    expect(within(host).getAllByRole('button', { name: 'Close' })).toHaveLength(4);
  });

  it('is 320 px wide, 40 px from the bottom (or 48 px from the top when placed at the top)', () => {
    const { unmount } = renderUi(<NotificationHost />);
    const host = screen.getByRole('region', { name: 'Notices' });
    expect(host.style.width).toBe('320px');
    expect(host.style.bottom).toBe('40px');
    expect(host).toHaveClass('end-4');
    unmount();
    renderUi(<NotificationHost placement="top-end" />);
    expect(screen.getByRole('region', { name: 'Notices' }).style.top).toBe('48px');
  });

  it('closes itself after 4.5 s', () => {
    renderUi(<NotificationHost />);
    act(() => {
      notification({ title: 'Reminder', description: 'Finish your verification.', type: 'warning' });
    });
    expect(screen.getByText('Reminder').closest('[role="alert"]')).toHaveTextContent('Finish your verification.');
    act(() => vi.advanceTimersByTime(NOTIFICATION_DURATION - 1));
    expect(screen.queryByText('Reminder')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Reminder')).toBeNull();
  });

  it('pauses the countdown while pointed at, and resumes with the time that was left', () => {
    renderUi(<NotificationHost />);
    act(() => {
      notification({ title: 'Reading this' });
    });
    const item = screen.getByText('Reading this').closest('[data-type]')!;
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Reading this')).not.toBeNull();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Reading this')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Reading this')).toBeNull();
  });

  it('the close button closes it at once', () => {
    renderUi(<NotificationHost />);
    act(() => {
      notification({ title: 'Bye' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Bye')).toBeNull();
    expect(usePopupStore.getState().notifications).toEqual([]);
  });
});

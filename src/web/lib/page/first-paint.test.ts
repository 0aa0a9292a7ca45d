import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenCommitted, holdUntilFirstPaint, useFirstPaintDone } from './first-paint.ts';

describe('the first paint (what waits for the page to be on screen)', () => {
  it('is done for a component rendered on its own, and held from main.tsx until the first screen is drawn', async () => {
    expect(renderHook(() => useFirstPaintDone()).result.current).toBe(true);

    holdUntilFirstPaint();
    const { result } = renderHook(() => useFirstPaintDone());
    expect(result.current).toBe(false);
    act(() => firstScreenCommitted());
    // Not in the commit's own task: after the browser's next frame.
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  afterEach(() => vi.unstubAllGlobals());

  it('where the browser reports idle time, waits for it after the frame', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    holdUntilFirstPaint();
    const { result } = renderHook(() => useFirstPaintDone());
    act(() => firstScreenCommitted());
    await waitFor(() => expect(idle).toHaveLength(1));
    expect(result.current).toBe(false);
    act(() => idle[0]!());
    expect(result.current).toBe(true);
  });
});

import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});

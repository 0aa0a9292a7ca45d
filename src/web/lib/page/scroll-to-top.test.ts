import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNewPage } from './scroll-to-top.ts';

describe('useScrollToTopOnNewPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the top when the path changes, not on the first page or when it stays', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { rerender } = renderHook(({ path }) => useScrollToTopOnNewPage(path), { initialProps: { path: '/' } });
    expect(scroll).not.toHaveBeenCalled();
    rerender({ path: '/' });
    expect(scroll).not.toHaveBeenCalled();
    rerender({ path: '/cases/1' });
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith(0, 0);
  });
});

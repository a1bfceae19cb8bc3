import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useDebouncedCallback } from './use-debounced-callback.ts';

describe('useDebouncedCallback', () => {
  it('calls once with the last value after the calls pause, and not after unmount', () => {
    vi.useFakeTimers();
    const spy = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(spy, 300));

    act(() => {
      result.current('N');
      vi.advanceTimersByTime(100);
      result.current('Nu');
      vi.advanceTimersByTime(299);
    });
    expect(spy).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('Nu');

    act(() => result.current('Num'));
    unmount();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

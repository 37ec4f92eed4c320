import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('runs an action once while a run is going, and again once it has ended, even after a failure', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let runs = 0;
    let finish: () => void = () => undefined;
    const action = () =>
      new Promise<void>((resolve) => {
        runs += 1;
        finish = resolve;
      });
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current(action);
      void result.current(action);
    });
    expect(runs).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    await act(() => result.current(() => Promise.reject(new Error('falló'))).catch(() => undefined));
    await act(async () => {
      const next = result.current(action);
      finish();
      await next;
    });
    expect(runs).toBe(2);
  });
});

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A chart's period in the address (`?period=week|month|year`, or another `name`): one of `periods`, `fallback`
 * when absent or unknown. Choosing `fallback` takes it out of the address; the history entry is replaced, as
 * the dashboard range does.
 */
export function usePeriodParam<P extends string>(
  periods: readonly P[],
  fallback: P,
  name = 'period',
): [P, (next: P) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const period = (periods as readonly string[]).includes(value ?? '') ? (value as P) : fallback;
  const setPeriod = useCallback(
    (next: P) =>
      void setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === fallback) copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: true },
      ),
    [setParams, fallback, name],
  );
  return [period, setPeriod];
}

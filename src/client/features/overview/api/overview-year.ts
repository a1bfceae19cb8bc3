import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The year a dashboard's year chart shows, in the address beside the range (`?year=2025`): the accounts by
 * region on `/dashboard/app`, the yearly sales on `/dashboard/ecommerce`. Absent: the year of the range's
 * last day.
 */
export const OVERVIEW_YEAR_PARAM = 'year';

/** The years the API accepts (`OVERVIEW_YEAR_MIN`/`MAX` of the contract, here without zod). */
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

/** The year the address asks for, or undefined (absent, or not a year the API accepts). */
export function overviewYearOf(params: URLSearchParams): number | undefined {
  const value = params.get(OVERVIEW_YEAR_PARAM);
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : undefined;
}

/**
 * The year the address asks for (undefined: none, or not one the API accepts) and a setter that puts
 * another in the address, replacing the history entry (a year picked is not a page to go back to).
 */
export function useOverviewYear(): [number | undefined, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const setYear = useCallback(
    (next: number) =>
      void setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(OVERVIEW_YEAR_PARAM, String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [overviewYearOf(params), setYear];
}

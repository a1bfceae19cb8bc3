import type { Dayjs } from 'dayjs';

import type { CalendarEvent } from '#shared/contract/calendar.ts';

export type CalendarFilters = { colors: string[]; start: Dayjs | null; end: Dayjs | null };

export const noFilters: CalendarFilters = { colors: [], start: null, end: null };

export const hasFilters = (filters: CalendarFilters) =>
  filters.colors.length > 0 || filters.start !== null || filters.end !== null;

/** Whether an event passes the filters: one of the picked colours, overlapping the picked days. */
export function matchesFilters(event: CalendarEvent, filters: CalendarFilters): boolean {
  if (filters.colors.length > 0 && !filters.colors.includes(event.color.toUpperCase())) return false;
  if (filters.start?.isValid() && new Date(event.end) < filters.start.startOf('day').toDate()) return false;
  if (filters.end?.isValid() && new Date(event.start) >= filters.end.endOf('day').toDate()) return false;
  return true;
}

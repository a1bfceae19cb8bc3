import type { BoardWidget } from './slot.ts';

/**
 * One widget of a page's board as a list to spread, `[...boardWidget(…), …]`: empty when `shown` is false
 * (a widget this viewer does not get, such as an administrator's), so a page lists its widgets one call each.
 */
export const boardWidget = (
  id: string,
  label: string,
  size: BoardWidget['size'],
  element: BoardWidget['element'],
  shown = true,
): BoardWidget[] => (shown ? [{ id, label, size, element }] : []);

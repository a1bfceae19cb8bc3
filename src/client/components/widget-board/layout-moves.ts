import type { LayoutWidget } from '#shared/contract/overview-layouts.ts';

/**
 * The board's changes to a layout (ADR 042). Each names widgets by id and returns the whole layout, every
 * other widget where it was: widgets this viewer is not shown (an administrator's, or ones the page does
 * not draw yet) and hidden ones keep their places, so a move among the visible widgets never shifts them.
 */

/** `layout` with `id` just before or after `target`; the same layout when either is missing. */
export function moveWidget(
  layout: readonly LayoutWidget[],
  id: string,
  target: string,
  side: 'before' | 'after',
): LayoutWidget[] {
  const moving = layout.find((widget) => widget.id === id);
  if (!moving || id === target) return [...layout];
  const rest = layout.filter((widget) => widget.id !== id);
  const index = rest.findIndex((widget) => widget.id === target);
  if (index < 0) return [...layout];
  rest.splice(side === 'before' ? index : index + 1, 0, moving);
  return rest;
}

/**
 * `layout` with `id` moved one place among `visible` (the ids shown, in order): `-1` before the one shown
 * before it, `1` after the one shown after it; null at either end.
 */
export function moveAmong(
  layout: readonly LayoutWidget[],
  visible: readonly string[],
  id: string,
  step: -1 | 1,
): LayoutWidget[] | null {
  const target = visible[visible.indexOf(id) + step];
  if (!visible.includes(id) || target === undefined) return null;
  return moveWidget(layout, id, target, step < 0 ? 'before' : 'after');
}

/**
 * `layout` once `id` is dropped where `over` was shown: after it when dragged from before it, before it
 * when dragged from after (what the sortable grid showed while dragging).
 */
export function dropOn(
  layout: readonly LayoutWidget[],
  visible: readonly string[],
  id: string,
  over: string,
): LayoutWidget[] | null {
  const from = visible.indexOf(id);
  const to = visible.indexOf(over);
  if (from < 0 || to < 0 || from === to) return null;
  return moveWidget(layout, id, over, to > from ? 'after' : 'before');
}

/** `layout` with `id` hidden or shown, in its place. */
export const withHidden = (layout: readonly LayoutWidget[], id: string, hidden: boolean): LayoutWidget[] =>
  layout.map((widget) => (widget.id === id ? { id, hidden } : widget));

import type { ReactNode } from 'react';

/** A widget as a page hands it to the board (widget-board.tsx re-exports it). */
export type BoardWidget = {
  /** One of `dashboardWidgets[dashboard]`. */
  id: string;
  /** The widget's title, for the hidden list and the move and hide buttons' names. */
  label: string;
  /** Columns out of 12 from the sm, md and lg breakpoints (xs is always 12: one column on a phone). */
  size?: { sm?: number; md?: number; lg?: number };
  /** The widget (a WidgetCard variant). */
  element: ReactNode;
};

/** A shown widget in the edit mode's grid, and whether it can move earlier or later. */
export type BoardSlotProps = { widget: BoardWidget; first: boolean; last: boolean };

/** What the edit mode's grid does with the person's moves (by widget id, never by position). */
export type SortableBoardProps = {
  slots: readonly BoardSlotProps[];
  onMove: (id: string, step: -1 | 1) => void;
  onDrop: (id: string, over: string) => void;
  onHide: (id: string) => void;
};

/** The controls of the edit mode, found again after a change to put focus back on. */
export type LayoutControl = 'drag' | 'earlier' | 'later' | 'hide' | 'show';

export const controlSelector = (id: string, control: LayoutControl) =>
  control === 'show'
    ? `[data-layout-control="show"][data-widget-id="${CSS.escape(id)}"]`
    : `[data-widget-slot="${CSS.escape(id)}"] [data-layout-control="${control}"]`;

/** The widget's grid columns: the whole width on a phone, its own sizes from sm up (MUI carries a size up). */
export function slotSize({ size = {} }: Pick<BoardWidget, 'size'>): Record<string, number> {
  const columns: Record<string, number> = { xs: 12 };
  for (const breakpoint of ['sm', 'md', 'lg'] as const) {
    const value = size[breakpoint];
    if (value !== undefined) columns[breakpoint] = value;
  }
  return columns;
}

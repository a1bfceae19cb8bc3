import type { DragEvent } from 'react';

/** The drag type that carries items of the file manager (their ids), told apart from files of the desktop. */
export const ITEMS_DRAG_TYPE = 'application/x-atrium-files';

/** Files dragged in from outside the page (the desktop, another window). */
export function draggingFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/** Items of this page being dragged. */
export function draggingItems(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes(ITEMS_DRAG_TYPE);
}

export function setDraggedItems(event: DragEvent, ids: string[]): void {
  event.dataTransfer.setData(ITEMS_DRAG_TYPE, JSON.stringify(ids));
  event.dataTransfer.effectAllowed = 'move';
}

export function draggedItems(event: DragEvent): string[] {
  try {
    const ids = JSON.parse(event.dataTransfer.getData(ITEMS_DRAG_TYPE)) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

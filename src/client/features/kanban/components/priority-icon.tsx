import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardDoubleArrowUp from '@mui/icons-material/KeyboardDoubleArrowUp';
import Remove from '@mui/icons-material/Remove';

import type { KanbanPriority } from '#shared/contract/kanban-limits.ts';

const priorityIcons: Record<KanbanPriority, { icon: typeof Remove; color: string }> = {
  low: { icon: KeyboardArrowDown, color: 'info.main' },
  medium: { icon: Remove, color: 'warning.main' },
  high: { icon: KeyboardDoubleArrowUp, color: 'error.main' },
};

/** A card's priority as an arrow: down (low), a dash (medium), a double arrow up (high). */
export function PriorityIcon({ priority }: { priority: KanbanPriority }) {
  const { icon: Icon, color } = priorityIcons[priority];
  return <Icon fontSize="small" sx={{ color }} />;
}

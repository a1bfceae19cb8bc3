import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';

import { slotSize, type BoardSlotProps, type SortableBoardProps } from './slot.ts';

/**
 * The board in edit mode (ADR 042), loaded when the person starts customizing: the shown widgets in a
 * sortable grid (dnd-kit, rectSortingStrategy), each under a bar with a drag handle, "move earlier/later"
 * buttons and Hide. A widget is dragged by its handle only, so touching a widget still scrolls the page;
 * from the keyboard, Space or Enter on the handle picks it up and the arrow keys move it to the widget on
 * that side (in Arabic the grid runs right to left, so the start side is on the right).
 */
export function SortableBoard({ slots, onMove, onDrop, onHide }: SortableBoardProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = slots.map((slot) => slot.widget.id);
  const titleOf = (id: UniqueIdentifier) =>
    slots.find((slot) => slot.widget.id === String(id))?.widget.label ?? String(id);
  const place = (id: UniqueIdentifier) => ({ position: ids.indexOf(String(id)) + 1, total: ids.length });

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('overview.layout.dnd.pickedUp', { title: titleOf(active.id), ...place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('overview.layout.dnd.movedOver', { title: titleOf(active.id), ...place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('overview.layout.dnd.dropped', { title: titleOf(active.id), ...place(over.id) }) : undefined,
    onDragCancel: ({ active }) =>
      t('overview.layout.dnd.cancelled', { title: titleOf(active.id), ...place(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={({ active, over }) => {
        if (over && over.id !== active.id) onDrop(String(active.id), String(over.id));
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('overview.layout.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <Grid container spacing={3}>
          {slots.map((slot) => (
            <SortableSlot key={slot.widget.id} {...slot} onMove={onMove} onHide={onHide} />
          ))}
        </Grid>
      </SortableContext>
    </DndContext>
  );
}

function SortableSlot({
  widget,
  first,
  last,
  onMove,
  onHide,
}: BoardSlotProps & Pick<SortableBoardProps, 'onMove' | 'onHide'>) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: widget.id,
      attributes: { roleDescription: t('overview.layout.dnd.roleDescription') },
    });
  const title = widget.label;

  return (
    <Grid
      ref={setNodeRef}
      size={slotSize(widget)}
      data-widget-slot={widget.id}
      // Translate, not Transform: widgets differ in size, and scaling one into another's box distorts it.
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.9 : 1 }}
    >
      <Stack
        direction="row"
        spacing={0.5}
        role="group"
        aria-label={t('overview.layout.controls', { title })}
        sx={{
          alignItems: 'center',
          mb: 1,
          px: 0.5,
          py: 0.25,
          borderRadius: 1.5,
          border: (theme) => `1px dashed ${theme.palette.divider}`,
          bgcolor: isDragging ? 'action.selected' : 'background.neutral',
        }}
      >
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          {...attributes}
          {...listeners}
          aria-label={t('overview.layout.dragHandle', { title })}
          data-layout-control="drag"
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorRounded fontSize="small" />
        </IconButton>
        <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <IconButton
          size="small"
          disabled={first}
          aria-label={t('overview.layout.moveEarlier', { title })}
          onClick={() => onMove(widget.id, -1)}
          data-layout-control="earlier"
        >
          <StepIcon step={-1} />
        </IconButton>
        <IconButton
          size="small"
          disabled={last}
          aria-label={t('overview.layout.moveLater', { title })}
          onClick={() => onMove(widget.id, 1)}
          data-layout-control="later"
        >
          <StepIcon step={1} />
        </IconButton>
        <Button
          size="small"
          color="inherit"
          startIcon={<VisibilityOffOutlined />}
          aria-label={t('overview.layout.hideWidget', { title })}
          onClick={() => onHide(widget.id)}
          data-layout-control="hide"
        >
          {t('overview.layout.hide')}
        </Button>
      </Stack>
      {widget.element}
    </Grid>
  );
}

/**
 * Earlier is up in the phone's single column and toward the start side from sm up: left, or right in
 * Arabic (the icons are not mirrored by the theme).
 */
function StepIcon({ step }: { step: -1 | 1 }) {
  const rtl = useTheme().direction === 'rtl';
  const Vertical = step < 0 ? ArrowUpwardRounded : ArrowDownwardRounded;
  const Side = step < 0 !== rtl ? ArrowBackRounded : ArrowForwardRounded;
  return (
    <Box component="span" sx={{ display: 'inline-flex' }}>
      <Vertical fontSize="small" sx={{ display: { xs: 'block', sm: 'none' } }} />
      <Side fontSize="small" sx={{ display: { xs: 'none', sm: 'block' } }} />
    </Box>
  );
}

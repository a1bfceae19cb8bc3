import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { BoardWidget } from './slot.ts';

/** Edit mode: the widgets the person hid, each shown again (in its place) by a press. */
export function HiddenWidgets({
  widgets,
  onShow,
}: {
  widgets: readonly BoardWidget[];
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, mb: 3, borderStyle: 'dashed' }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('overview.layout.hiddenTitle')}
      </Typography>
      {widgets.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('overview.layout.hiddenEmpty')}
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {widgets.map((widget) => (
            <Chip
              key={widget.id}
              variant="outlined"
              icon={<VisibilityOutlined />}
              label={widget.label}
              aria-label={t('overview.layout.showWidget', { title: widget.label })}
              onClick={() => onShow(widget.id)}
              data-layout-control="show"
              data-widget-id={widget.id}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileRef } from '../../api/sharing-api.ts';
import { ShareLinks } from './share-links.tsx';
import { SharePeople } from './share-people.tsx';

export type ShareDialogProps = { items: FileRef[]; open: boolean; onClose: () => void };

/**
 * Shares one item (people and links) or several at once (people only). Full screen on a phone.
 */
export function ShareDialog({ items, open, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const tabsId = useId();
  const [tab, setTab] = useState<'people' | 'links'>('people');
  const single = items.length === 1 ? items[0]! : null;
  const shown = single ? tab : 'people';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {single
          ? t('files.share.title', { name: single.name })
          : t('files.share.titleMany', { count: items.length })}
      </DialogTitle>
      <IconButton
        aria-label={t('files.share.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <Close />
      </IconButton>
      {single && (
        <Tabs
          value={shown}
          onChange={(_event, value: 'people' | 'links') => setTab(value)}
          aria-label={t('files.share.tabs')}
          sx={{ px: 3 }}
        >
          <Tab
            value="people"
            label={t('files.share.peopleTab')}
            id={`${tabsId}-people`}
            aria-controls={`${tabsId}-people-panel`}
          />
          <Tab
            value="links"
            label={t('files.share.linksTab')}
            id={`${tabsId}-links`}
            aria-controls={`${tabsId}-links-panel`}
          />
        </Tabs>
      )}
      <DialogContent
        dividers
        role={single ? 'tabpanel' : undefined}
        id={`${tabsId}-${shown}-panel`}
        aria-labelledby={single ? `${tabsId}-${shown}` : undefined}
        sx={{ minHeight: 280 }}
      >
        {shown === 'links' && single ? <ShareLinks item={single} /> : <SharePeople items={items} />}
      </DialogContent>
    </Dialog>
  );
}

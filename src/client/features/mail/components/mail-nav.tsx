import AddOutlined from '@mui/icons-material/AddOutlined';
import AllInboxOutlined from '@mui/icons-material/AllInboxOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LabelImportantOutlined from '@mui/icons-material/LabelImportantOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import StarOutline from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

import { labelColors } from '#shared/contract/mail-limits.ts';
import type { MailLabel } from '#shared/contract/mail.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber } from '../../../lib/format.ts';
import { useCreateLabel, useDeleteLabel } from '../api/mail-api.ts';
import { useLabelName } from '../utils/label-name.ts';

const icons: Record<string, ReactElement> = {
  all: <AllInboxOutlined />,
  inbox: <InboxOutlined />,
  sent: <SendOutlined />,
  drafts: <DraftsOutlined />,
  trash: <DeleteOutlined />,
  spam: <ReportOutlined />,
  important: <LabelImportantOutlined />,
  starred: <StarOutline />,
};

type MailNavProps = {
  labels: MailLabel[] | undefined;
  active: string;
  onSelect: (label: string) => void;
  onCompose: () => void;
};

/** The labels with their unread counts, the Compose button and the user's own labels (add, delete). */
export function MailNav({ labels = [], active, onSelect, onCompose }: MailNavProps) {
  const { t } = useTranslation();
  const labelName = useLabelName();
  const { enqueueSnackbar } = useSnackbar();
  const createLabel = useCreateLabel();
  const deleteLabel = useDeleteLabel();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [color, setColor] = useState<MailLabel['color']>('primary');

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    createLabel.mutate(
      { name, color },
      {
        onSuccess: ({ label }) => {
          enqueueSnackbar(t('mail.labelCreated', { name: label.name }));
          setAdding(false);
          setName('');
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  };

  const item = (label: MailLabel) => {
    const selected = label.id === active;
    const text = labelName(label);
    return (
      <Box component="li" key={label.id} sx={{ position: 'relative' }}>
        <ListItemButton
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={() => onSelect(label.id)}
          sx={{ borderRadius: 1, minHeight: 40, pr: label.type === 'custom' ? 5 : 2 }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: label.color ? `${label.color}.main` : undefined }}>
            {icons[label.id] ?? <LabelOutlined />}
          </ListItemIcon>
          <ListItemText
            primary={text}
            slotProps={{ primary: { noWrap: true, sx: { fontWeight: label.unreadCount ? 600 : 400 } } }}
          />
          {label.unreadCount > 0 && (
            <Typography
              component="span"
              variant="caption"
              aria-label={t('mail.unreadMails', { count: label.unreadCount })}
              sx={{ fontWeight: 600 }}
            >
              {fNumber(label.unreadCount)}
            </Typography>
          )}
        </ListItemButton>
        {label.type === 'custom' && (
          <IconButton
            size="small"
            aria-label={t('mail.deleteLabel', { name: label.name })}
            onClick={() => deleteLabel.mutate(label.id)}
            sx={{ position: 'absolute', insetInlineEnd: 4, top: '50%', transform: 'translateY(-50%)' }}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
    );
  };

  return (
    <Stack spacing={2} sx={{ p: 2, height: 1, overflowY: 'auto' }}>
      <Button variant="contained" startIcon={<EditOutlined />} onClick={onCompose} size="large">
        {t('mail.compose')}
      </Button>
      <List component="ul" disablePadding aria-label={t('mail.openLabels')}>
        {labels.filter((l) => l.type === 'system').map(item)}
      </List>
      <Box>
        <Typography variant="overline" sx={{ color: 'text.secondary', px: 1 }}>
          {t('mail.labelsTitle')}
        </Typography>
        <List component="ul" disablePadding>
          {labels.filter((l) => l.type === 'custom').map(item)}
        </List>
        {adding ? (
          <Stack component="form" spacing={1} onSubmit={onAdd} sx={{ mt: 1 }}>
            <TextField
              size="small"
              label={t('mail.labelName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoFocus
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <TextField
              size="small"
              select
              label={t('mail.labelColor')}
              value={color}
              onChange={(event) => setColor(event.target.value as MailLabel['color'])}
            >
              {labelColors.map((c) => (
                <MenuItem key={c} value={c}>
                  <Box
                    component="span"
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: `${c}.main`, mr: 1 }}
                  />
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="outlined" loading={createLabel.isPending}>
              {t('mail.createLabel')}
            </Button>
          </Stack>
        ) : (
          <Button startIcon={<AddOutlined />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
            {t('mail.newLabel')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}

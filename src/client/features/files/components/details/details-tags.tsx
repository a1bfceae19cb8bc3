import Cancel from '@mui/icons-material/Cancel';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ITEM_TAG_MAX, ITEM_TAGS_MAX } from '#shared/contract/file-limits.ts';
import type { FileItem } from '#shared/contract/files.ts';

import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import { useSetTags } from '../../api/details-api.ts';

/** Free tags as chips: Enter (or a comma) adds the typed one, a chip's cross removes it. */
export function DetailsTags({
  item,
  canEdit,
}: {
  item: Pick<FileItem, 'id' | 'version' | 'tags'>;
  canEdit: boolean;
}) {
  const { tags } = item;
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setTags = useSetTags(item);
  const [draft, setDraft] = useState('');
  // While a change is on its way, show it (the answer refreshes the details).
  const shown = setTags.isPending && setTags.variables ? setTags.variables : tags;

  const save = (next: string[]) =>
    setTags.mutate(next, {
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });

  const add = () => {
    const tag = draft.trim().replace(/,+$/, '').trim();
    if (!tag) return;
    setDraft('');
    if (shown.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    save([...shown, tag]);
  };

  return (
    <Stack spacing={1}>
      {shown.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          aria-label={t('files.details.tags.label')}
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}
        >
          {shown.map((tag) => (
            <li key={tag}>
              <Chip
                size="small"
                label={tag}
                onDelete={canEdit ? () => save(shown.filter((other) => other !== tag)) : undefined}
                deleteIcon={<Cancel titleAccess={t('files.details.tags.remove', { tag })} />}
              />
            </li>
          ))}
        </Stack>
      )}
      {canEdit && shown.length < ITEM_TAGS_MAX && (
        <TextField
          size="small"
          label={t('files.details.tags.add')}
          placeholder={t('files.details.tags.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
          onBlur={add}
          slotProps={{ htmlInput: { maxLength: ITEM_TAG_MAX } }}
        />
      )}
      {!canEdit && shown.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('files.details.tags.none')}
        </Typography>
      )}
    </Stack>
  );
}

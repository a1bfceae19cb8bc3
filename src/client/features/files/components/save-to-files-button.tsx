import DriveFolderUploadOutlined from '@mui/icons-material/DriveFolderUploadOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { AttachmentActionProps } from '../../../components/attachment-action/attachment-action.tsx';
import { snackbarAction } from '../../../components/snackbar/snackbar-action.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSaveToFiles } from '../api/files-api.ts';

const FolderPickerDialog = lazy(() =>
  import('./folder-picker-dialog.tsx').then((m) => ({ default: m.FolderPickerDialog })),
);

/** The file manager at a folder (the root: no `folder`). */
const folderPath = (parentId: string | null) =>
  parentId ? `${paths.dashboard.fileManager}?folder=${parentId}` : paths.dashboard.fileManager;

/**
 * "Save to files" on an attachment of mail, chat or kanban (issue 27): picks a folder of My files, saves a
 * copy there (a name taken is numbered) and says so, with a button to open that folder; a refusal (quota,
 * no access) shows the server's message. The app offers it to the other areas through AttachmentAction.
 */
export function SaveToFilesButton({ file, inheritColor = false }: AttachmentActionProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const save = useSaveToFiles();
  const [picking, setPicking] = useState(false);
  const label = t('files.saveTo.actionOf', { name: file.name });

  const pick = (parentId: string | null) =>
    save.mutate(
      { fileId: file.id, parentId },
      {
        onSuccess: ({ item }) => {
          setPicking(false);
          enqueueSnackbar(t('files.saveTo.saved', { name: item.name }), {
            variant: 'success',
            preventDuplicate: false,
            action: snackbarAction(t('files.saveTo.show'), () => void navigate(folderPath(item.parentId))),
          });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          color={inheritColor ? 'inherit' : 'default'}
          onClick={(event) => {
            // Inside a link or a clickable tile: only the action.
            event.preventDefault();
            event.stopPropagation();
            setPicking(true);
          }}
        >
          <DriveFolderUploadOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {picking && (
        <Suspense fallback={null}>
          <FolderPickerDialog
            mode="save"
            names={[file.name]}
            exclude={[]}
            loading={save.isPending}
            onPick={pick}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </>
  );
}

import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ATTACHMENTS_PER_TRANSACTION_MAX, TRANSACTION_NOTE_MAX } from '#shared/contract/banking-limits.ts';
import type { BankCategory, BankTransaction } from '#shared/contract/banking.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { FileButton } from '../../../components/file-button/file-button.tsx';
import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { uploadReceipt, useUpdateTransaction } from '../api/banking-api.ts';
import { accountLabel, categoryLabel, statusColor } from './banking-labels.ts';
import { describe } from './banking-widgets.tsx';

/** The categories a transaction may take: income ones for money in, expense ones otherwise. */
const fitting = (categories: readonly BankCategory[], transaction: BankTransaction) =>
  categories.filter((category) => category.kind === (transaction.direction === 'in' ? 'income' : 'expense'));

/**
 * A transaction's drawer (issue 28 B): what it is, and what the person may change: its category, note and
 * receipts (files uploaded as attachments, then saved on the transaction).
 */
export function TransactionDrawer({
  transaction,
  categories,
  onClose,
}: {
  transaction: BankTransaction | null;
  categories: readonly BankCategory[];
  onClose: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={transaction !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: 1, sm: 400 } } } }}
    >
      {transaction && (
        <DrawerBody
          key={transaction.id}
          transaction={transaction}
          categories={categories}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

function DrawerBody({
  transaction,
  categories,
  onClose,
}: {
  transaction: BankTransaction;
  categories: readonly BankCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTransaction();
  const [categoryId, setCategoryId] = useState(transaction.category?.id ?? '');
  const [note, setNote] = useState(transaction.note);
  const [files, setFiles] = useState<StoredFile[]>(transaction.attachments);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = fitting(categories, transaction);

  const addFile = (file: File) => {
    setUploading((n) => n + 1);
    uploadReceipt(file)
      .then(({ file: stored }) => setFiles((current) => [...current, stored]))
      .catch((error: unknown) => setProblem(errorMessage(error, t)))
      .finally(() => setUploading((n) => n - 1));
  };

  const save = () =>
    update.mutate(
      {
        id: transaction.id,
        categoryId: categoryId || null,
        note: note.trim(),
        attachmentIds: files.map((file) => file.id),
        version: transaction.version,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.transactions.drawer.saved'), { variant: 'success' });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );

  return (
    <Box role="region" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', height: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('banking.transactions.drawer.title')}
        </Typography>
        <IconButton aria-label={t('banking.transactions.drawer.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={2.5} sx={{ p: 2.5, overflowY: 'auto', flexGrow: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Box>
          <Typography variant="h4" component="p" sx={{ unicodeBidi: 'plaintext' }}>
            {transaction.direction === 'in' ? '+' : ''}
            {money(transaction.direction === 'internal' ? transaction.amount : transaction.signedAmount)}
          </Typography>
          <Typography variant="subtitle1">{describe(t, transaction)}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Label color={statusColor[transaction.status]}>
              {t(`banking.statuses.${transaction.status}`)}
            </Label>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`banking.types.${transaction.type}`)} · {fDate(transaction.date)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('banking.transactions.columns.account')}:{' '}
            {accountLabel({ name: transaction.account.name, maskedNumber: null })}
            {transaction.toAccount ? ` → ${transaction.toAccount.name}` : ''}
          </Typography>
        </Box>
        <TextField
          select
          label={t('banking.transactions.category')}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        >
          <MenuItem value="">{t('banking.categories.none')}</MenuItem>
          {choices.map((category) => (
            <MenuItem
              key={category.id}
              value={category.id}
              sx={{ paddingInlineStart: category.parentId ? 4 : 2 }}
            >
              {categoryLabel(t, category)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('banking.transactions.drawer.note')}
          value={note}
          multiline
          minRows={2}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: TRANSACTION_NOTE_MAX } }}
        />
        <Box component="section" aria-label={t('banking.transactions.drawer.receipts')}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('banking.transactions.drawer.receipts')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none', mb: 1 }}>
            {files.map((file) => (
              <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AttachFileRounded fontSize="small" aria-hidden />
                <Link
                  href={file.url}
                  target="_blank"
                  rel="noopener"
                  variant="body2"
                  noWrap
                  sx={{ flexGrow: 1 }}
                >
                  {file.name}
                </Link>
                <IconButton
                  size="small"
                  aria-label={t('banking.transactions.drawer.removeReceipt', { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((f) => f.id !== file.id))}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <FileButton
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<AttachFileRounded />}
            accept="image/*,application/pdf"
            multiple
            loading={uploading > 0}
            disabled={files.length >= ATTACHMENTS_PER_TRANSACTION_MAX}
            onFile={addFile}
          >
            {t('banking.transactions.drawer.addReceipt')}
          </FileButton>
        </Box>
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1} sx={{ p: 2, justifyContent: 'flex-end' }}>
        <Button color="inherit" variant="outlined" onClick={onClose}>
          {t('banking.cancel')}
        </Button>
        <Button variant="contained" loading={update.isPending} disabled={uploading > 0} onClick={save}>
          {t('banking.transactions.drawer.save')}
        </Button>
      </Stack>
    </Box>
  );
}

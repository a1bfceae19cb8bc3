import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { invoiceLanguages, type InvoiceLanguage } from '#shared/contract/invoices-limits.ts';
import type { Invoice } from '#shared/contract/invoices.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useInvoiceActions } from '../api/invoices-api.ts';

/**
 * Mails the invoice with its PDF, in the invoice's language (or another): always to the customer's address
 * the invoice holds, shown read-only (the server sends nowhere else).
 */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const { send } = useInvoiceActions();
  const email = invoice.invoiceTo.email;
  const [lang, setLang] = useState<InvoiceLanguage>(invoice.language);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    send.mutate(
      { id: invoice.id, lang },
      {
        onSuccess: () => {
          enqueueSnackbar(t('invoices.sentOne', { number: invoice.invoiceNumber, email }), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('invoices.send.title', { number: invoice.invoiceNumber })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('invoices.send.intro')}
          </Typography>
          {email ? (
            <TextField
              label={t('invoices.send.email')}
              type="email"
              value={email}
              slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
            />
          ) : (
            <Alert severity="warning">{t('invoices.send.noEmail')}</Alert>
          )}
          <TextField
            select
            label={t('invoices.send.language')}
            value={lang}
            onChange={(event) => setLang(event.target.value as InvoiceLanguage)}
          >
            {invoiceLanguages.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`invoices.languages.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {problem && <Alert severity="error">{problem}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('invoices.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending} disabled={!email}>
            {t('invoices.send.action')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

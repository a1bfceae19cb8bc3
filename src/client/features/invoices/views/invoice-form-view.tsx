import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Invoice, InvoiceInput } from '#shared/contract/invoices.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, mayHaveTakenEffect, newIdempotencyKey, staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useInvoice, useInvoiceActions, useSaveInvoice } from '../api/invoices-api.ts';
import { invoicesKeys } from '../api/invoices-keys.ts';
import { InvoiceForm } from '../components/invoice-form.tsx';

/**
 * Saves, then mails it when asked; lands on the invoice. A new invoice is sent with its attempt's key: sent
 * again after a lost answer, it gets the invoice the first try made instead of a second one; once the server
 * has answered (a refusal), the next try is a new attempt.
 */
function useSubmit(invoice?: Invoice, onStale?: (fresh: Invoice) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveInvoice();
  const { send } = useInvoiceActions();
  const attemptKey = useRef(newIdempotencyKey('inv-'));
  return async (payload: InvoiceInput, mail: boolean) => {
    let saved: Invoice;
    try {
      ({ invoice: saved } = await save.mutateAsync(
        invoice
          ? { id: invoice.id, body: { ...payload, version: invoice.version } }
          : { body: { ...payload, idempotencyKey: attemptKey.current } },
      ));
    } catch (error) {
      if (!mayHaveTakenEffect(error)) attemptKey.current = newIdempotencyKey('inv-');
      const fresh = staleRecord<Invoice>(error);
      if (fresh && onStale) {
        onStale(fresh);
        enqueueSnackbar(t('invoices.form.stale'), { variant: 'warning' });
        return;
      }
      throw error;
    }
    enqueueSnackbar(
      t(invoice ? 'invoices.form.saved' : 'invoices.form.created', { number: saved.invoiceNumber }),
      {
        variant: 'success',
      },
    );
    if (mail) {
      try {
        await send.mutateAsync({ id: saved.id });
        enqueueSnackbar(
          t('invoices.sentOne', { number: saved.invoiceNumber, email: saved.invoiceTo.email }),
          {
            variant: 'success',
          },
        );
      } catch (error) {
        // Saved but not sent (no email, the mail server down): say so on the invoice's page.
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
      }
    }
    void navigate(paths.dashboard.invoice.details(saved.id));
  };
}

/** `/dashboard/invoice/new` (issue #14). */
export function InvoiceCreateView() {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <>
      <PageHeading
        title={t('invoices.newInvoice')}
        crumbs={[
          { label: t('nav.invoice'), to: paths.dashboard.invoice.root },
          { label: t('invoices.title'), to: paths.dashboard.invoice.list },
          { label: t('invoices.newInvoice') },
        ]}
      />
      <InvoiceForm onSubmit={submit} />
    </>
  );
}

/** `/dashboard/invoice/{id}/edit` (issue #14): the form on the invoice as read; a stale save shows the fresh one. */
export function InvoiceEditView({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invoice = useInvoice(id);
  // A new key remounts the form on the fresh invoice after a stale save.
  const [revision, setRevision] = useState(0);
  const submit = useSubmit(invoice.data, (fresh) => {
    queryClient.setQueryData(invoicesKeys.invoice(id), { invoice: fresh });
    setRevision((n) => n + 1);
  });
  const number = invoice.data?.invoiceNumber ?? '…';
  const crumbs = [
    { label: t('nav.invoice'), to: paths.dashboard.invoice.root },
    { label: t('invoices.title'), to: paths.dashboard.invoice.list },
    { label: number },
  ];
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <>
        <PageHeading title={t('invoices.invoice')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('invoices.notFound') : errorMessage(invoice.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t('invoices.editInvoice', { number })} crumbs={crumbs} />
      {invoice.data ? (
        <InvoiceForm key={`${invoice.data.id}-${revision}`} invoice={invoice.data} onSubmit={submit} />
      ) : (
        <Skeleton variant="rounded" height={640} />
      )}
    </>
  );
}

import AddRounded from '@mui/icons-material/AddRounded';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { paths } from '../../../config/paths.ts';

/** The dialogs load when first opened, not with the page. */
const TransactionDialog = lazy(() =>
  import('./transaction-dialog.tsx').then((m) => ({ default: m.TransactionDialog })),
);
const CategoryEditorDialog = lazy(() =>
  import('./category-editor-dialog.tsx').then((m) => ({ default: m.CategoryEditorDialog })),
);

/** "New transaction": a page heading's action that opens the manual income / expense form. */
export function NewTransactionButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddRounded />} onClick={() => setOpen(true)}>
        {t('banking.newTransaction.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TransactionDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Links to banking's other pages, under the heading, and the category editor. */
export function BankingPageLinks() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const links = [
    { to: paths.dashboard.general.banking, label: t('banking.nav.overview') },
    { to: paths.dashboard.banking.transactions, label: t('banking.nav.transactions') },
    { to: paths.dashboard.banking.accounts, label: t('banking.nav.accounts') },
    { to: paths.dashboard.banking.budgets, label: t('banking.nav.budgets') },
    { to: paths.dashboard.banking.import, label: t('banking.nav.import') },
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('banking.pageTitle')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
    >
      {links.map((link) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          size="small"
          color="inherit"
          variant="outlined"
        >
          {link.label}
        </Button>
      ))}
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        startIcon={<CategoryOutlined />}
        onClick={() => setEditing(true)}
      >
        {t('banking.categoryEditor.open')}
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <CategoryEditorDialog open onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * A banking page's heading: its title under "Banking" in the breadcrumbs (the overview: "Banking" alone),
 * an action on the end side, and the links to banking's other pages.
 */
export function BankingPageHeading({ title, action }: { title?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {title === undefined ? (
        <PageHeading title={t('banking.pageTitle')} action={action} />
      ) : (
        <PageHeading
          title={title}
          crumbs={[{ label: t('banking.pageTitle'), to: paths.dashboard.general.banking }, { label: title }]}
          action={action}
        />
      )}
      <BankingPageLinks />
    </>
  );
}

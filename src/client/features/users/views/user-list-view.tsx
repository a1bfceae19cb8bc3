import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Role, User } from '#shared/contract/account.ts';

import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUsers, usersList, type UsersFilter } from '../api/users-list.ts';
import { useBulkDeleteUsers, useDeleteUser } from '../api/users-api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { SelectionBar } from '../../../components/data-table/selection-bar.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { UserStatusTabs, type StatusTab } from '../components/user-status-tabs.tsx';
import { UserTable } from '../components/user-table.tsx';
import { UserNarrowing } from '../components/user-narrowing.tsx';
import { UserTableToolbar } from '../components/user-table-toolbar.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { fetchAllUsers, usersCsv } from '../utils/export-users.ts';

type Pending = { kind: 'one'; user: User } | { kind: 'many'; ids: string[] };

/**
 * /dashboard/user/list (admin): status tabs with counts, role filter and search, the server-mode table,
 * row menu and bulk delete (both confirmed), and the CSV export of the current filter. Tab, filters,
 * search, sort and page live in the address, so a reload or Back shows the same page.
 */
export function UserListView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const meId = useAuth((state) => state.user?.id);

  // The first render asks for what the route loader has already requested (the same address).
  const list = useListState(usersList.config);
  const params = usersList.paramsOf(list);
  const { status, role, search, country, createdFrom, createdTo, device, signedInFrom, signedInTo } = params;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // A new filter starts with nothing selected.
  const filterKey = [status, role, search, country, createdFrom, createdTo, device, signedInFrom, signedInTo]
    .map((value) => value ?? '')
    .join('|');
  const [selectionFilter, setSelectionFilter] = useState(filterKey);
  if (selectionFilter !== filterKey) {
    setSelectionFilter(filterKey);
    setSelected(new Set());
  }
  // The dialog keeps its target while it fades out.
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askDelete = (target: Pending) => {
    setPending(target);
    setConfirmOpen(true);
  };
  const [exporting, setExporting] = useState(false);

  const filter: UsersFilter = {
    status,
    role,
    search,
    country,
    createdFrom,
    createdTo,
    device,
    signedInFrom,
    signedInTo,
  };
  const sort = { sort: params.sort, order: params.order };
  const { data, error, isFetching, refetch } = useUsers(params);
  const removeOne = useDeleteUser();
  const removeMany = useBulkDeleteUsers();

  const total = data?.total ?? 0;
  const selectedIds = [...selected];

  /** After deleting `count` rows, stay on a page that still exists. */
  const afterDelete = (count: number) => {
    const remaining = Math.max(0, total - count);
    const lastPage = Math.max(0, Math.ceil(remaining / list.pageSize) - 1);
    if (list.page > lastPage) list.setPage(lastPage);
  };

  const onDeleteError = (error: unknown) => {
    const text =
      error instanceof ApiError && error.code === 'LAST_ADMIN'
        ? t('users.errors.lastAdmin')
        : errorMessage(error, t);
    enqueueSnackbar(text, { variant: 'error' });
  };

  const confirmDelete = () => {
    if (!pending) return;
    if (pending.kind === 'one') {
      removeOne.mutate(pending.user.id, {
        onSuccess: () => {
          enqueueSnackbar(t('users.toast.deleted', { name: pending.user.displayName }), {
            variant: 'success',
          });
          setSelected((current) => new Set([...current].filter((id) => id !== pending.user.id)));
          afterDelete(1);
        },
        onError: onDeleteError,
        onSettled: () => setConfirmOpen(false),
      });
    } else {
      removeMany.mutate(
        { ids: pending.ids },
        {
          onSuccess: ({ deleted }) => {
            enqueueSnackbar(t('users.toast.bulkDeleted', { number: deleted }), { variant: 'success' });
            setSelected(new Set());
            afterDelete(deleted);
          },
          onError: onDeleteError,
          onSettled: () => setConfirmOpen(false),
        },
      );
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const users = await fetchAllUsers(filter, sort);
      const csv = usersCsv(users, {
        header: [
          t('users.csv.firstName'),
          t('users.csv.lastName'),
          t('users.csv.email'),
          t('users.csv.phone'),
          t('users.csv.company'),
          t('users.csv.role'),
          t('users.csv.status'),
          t('users.csv.emailVerified'),
          t('users.csv.country'),
          t('users.csv.state'),
          t('users.csv.city'),
          t('users.csv.address'),
          t('users.csv.zipCode'),
          t('users.csv.createdAt'),
        ],
        role: (user) => t(`roles.${user.role}`),
        status: (user) => t(`users.status.${user.status}`),
        yes: t('users.csv.yes'),
        no: t('users.csv.no'),
      });
      downloadCsv(`users-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      enqueueSnackbar(t('users.toast.exported', { number: users.length }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const onDelete = useCallback((user: User) => {
    setPending({ kind: 'one', user });
    setConfirmOpen(true);
  }, []);

  return (
    <>
      <PageHeading
        title={t('users.list.title')}
        crumbs={[
          { label: t('users.common.dashboard'), to: paths.dashboard.root },
          { label: t('users.common.users'), to: paths.dashboard.user.list },
          { label: t('users.list.crumb') },
        ]}
        action={
          <Button
            component={RouterLink}
            to={paths.dashboard.user.new}
            variant="contained"
            startIcon={<AddOutlined />}
          >
            {t('users.list.newUser')}
          </Button>
        }
      />
      <Card>
        <UserStatusTabs
          value={status}
          counts={data?.counts}
          capped={data?.capped}
          onChange={(next: StatusTab) => list.setFilter('status', next === 'all' ? undefined : next)}
        />
        <UserTableToolbar
          search={list.searchInput}
          onSearchChange={list.setSearchInput}
          role={role ?? ''}
          onRoleChange={(next: Role | '') => list.setFilter('role', next || undefined)}
          onExport={() => void onExport()}
          exporting={exporting}
        />
        <UserNarrowing
          country={country}
          createdFrom={createdFrom}
          createdTo={createdTo}
          onClearCountry={() => list.setFilter('country', undefined)}
          onClearCreated={() => list.setFilters({ createdFrom: undefined, createdTo: undefined })}
          device={device}
          signedInFrom={signedInFrom}
          signedInTo={signedInTo}
          onClearDevice={() => list.setFilter('device', undefined)}
          onClearSignedIn={() => list.setFilters({ signedInFrom: undefined, signedInTo: undefined })}
        />
        {selectedIds.length > 0 && (
          <SelectionBar
            label={t('users.list.selectionBar')}
            count={t('users.list.selected', { number: selectedIds.length })}
          >
            <Button
              color="error"
              variant="contained"
              size="small"
              startIcon={<DeleteOutlined />}
              onClick={() => askDelete({ kind: 'many', ids: selectedIds })}
            >
              {t('users.list.deleteSelected')}
            </Button>
          </SelectionBar>
        )}
        <UserTable
          rows={data?.users ?? []}
          rowCount={data?.capped.includes(status) ? -1 : total}
          hasNextPage={data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            usersList.config,
            { isFetching, refetch },
            error && errorMessage(error, t),
          )}
          sort={list.sort}
          onSortChange={list.setSort}
          selected={selected}
          onSelectionChange={setSelected}
          meId={meId}
          onDelete={onDelete}
        />
      </Card>
      <ConfirmDialog
        open={confirmOpen}
        title={pending?.kind === 'many' ? t('users.list.confirmBulkTitle') : t('users.list.confirmTitle')}
        content={
          pending?.kind === 'many'
            ? t('users.list.confirmBulkText', { number: pending.ids.length })
            : t('users.list.confirmText', { name: pending?.user.displayName ?? '' })
        }
        action={t('users.list.delete')}
        loading={removeOne.isPending || removeMany.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}

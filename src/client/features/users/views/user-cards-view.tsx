import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SEARCH_MAX } from '#shared/contract/users.ts';

import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUserCards } from '../api/users-list.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { UserCard } from '../components/user-card.tsx';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback.ts';

const PAGE_SIZE = 12;

const cardGrid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** /dashboard/user/cards: active users as cards, searched by name on the server, 12 a page. */
export function UserCardsView() {
  const { t } = useTranslation();
  const meId = useAuth((state) => state.user?.id);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  });
  const { data, error, isPending, refetch } = useUserCards({ page, pageSize: PAGE_SIZE, search });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeading
        title={t('users.cards.title')}
        crumbs={[
          { label: t('users.common.dashboard'), to: paths.dashboard.root },
          { label: t('users.common.users'), to: paths.dashboard.user.root },
          { label: t('users.cards.crumb') },
        ]}
      />
      <TextField
        type="search"
        label={t('users.cards.search')}
        placeholder={t('users.cards.searchPlaceholder')}
        value={searchInput}
        onChange={(event) => {
          setSearchInput(event.target.value);
          applySearch(event.target.value);
        }}
        sx={{ mb: 3, width: { xs: 1, sm: 320 } }}
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined sx={{ color: 'text.disabled' }} />
              </InputAdornment>
            ),
          },
        }}
      />
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('users.common.retry')}
            </Button>
          }
        >
          {errorMessage(error, t)}
        </Alert>
      )}
      {isPending && !error ? (
        <Box sx={cardGrid} aria-busy="true" aria-label={t('users.common.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={340} />
          ))}
        </Box>
      ) : data && data.users.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          {search ? t('users.cards.noMatch', { query: search }) : t('users.cards.empty')}
        </Typography>
      ) : (
        <Box component="section" aria-label={t('users.cards.title')} sx={cardGrid}>
          {data?.users.map((user) => (
            <UserCard key={user.id} user={user} isMe={user.id === meId} />
          ))}
        </Box>
      )}
      {data && pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page}
          onChange={(_event, value) => setPage(value)}
          sx={{ mt: { xs: 5, md: 8 }, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}

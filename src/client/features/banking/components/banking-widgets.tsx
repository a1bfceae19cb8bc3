import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import CallReceivedRounded from '@mui/icons-material/CallReceivedRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { balancePeriods, type BalancePeriod } from '#shared/contract/banking-limits.ts';
import type { BankAccount, BankTransaction } from '#shared/contract/banking.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { Label } from '../../../components/label/label.tsx';
import { personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { CarouselWidget } from '../../../components/widget-card/carousel-widget.tsx';
import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import { ChartWidget, WidgetPeriodSelect } from '../../../components/widget-card/chart-widget.tsx';
import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import { WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fNumber } from '../../../lib/format.ts';
import { useInviteFriend } from '../api/banking-api.ts';
import { accountLabel, categoryLabel, statusColor } from './banking-labels.ts';
import { cardState, dayDate, transactionsOf, units, type BankingWidgetContext } from './banking-widget.ts';

/** "Total balance": the open accounts' sum, with Send, Add card and Request (and the requests waiting). */
export function BankingBalance({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const pending = ctx.data?.pendingRequests ?? 0;
  return (
    <WidgetCard
      id="balance"
      title={t('banking.widgets.balance.title')}
      info={t('banking.widgets.balance.info')}
      {...cardState(ctx)}
      list={{ to: paths.dashboard.banking.accounts, label: t('banking.nav.accounts') }}
      sx={{ height: '100%' }}
    >
      {ctx.data && (
        <Stack spacing={3}>
          <Typography variant="h3" component="p" data-testid="total-balance">
            {ctx.money(ctx.data.totalBalance)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<SendRounded />} onClick={() => ctx.openTransfer()}>
              {t('banking.widgets.balance.send')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<AddCardOutlined />}
              onClick={ctx.openAccount}
            >
              {t('banking.widgets.balance.addCard')}
            </Button>
            <Badge color="error" badgeContent={pending} overlap="rectangular">
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<CallReceivedRounded />}
                onClick={ctx.openRequests}
                aria-label={
                  pending > 0
                    ? `${t('banking.widgets.balance.request')} – ${t('banking.widgets.balance.requests', { count: pending })}`
                    : undefined
                }
              >
                {t('banking.widgets.balance.request')}
              </Button>
            </Badge>
          </Stack>
        </Stack>
      )}
    </WidgetCard>
  );
}

/** "Income" or "Expenses" of the range: the figure, its change against the previous period, a daily chart. */
export function BankingFlow({ ctx, kind }: { ctx: BankingWidgetContext; kind: 'income' | 'expenses' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figure = ctx.data?.[kind];
  const title = t(`banking.widgets.${kind}.title`);
  const list = transactionsOf({
    type: kind === 'income' ? 'income' : 'expense',
    startDate: ctx.range.from,
    endDate: ctx.range.to,
  });
  const series = figure?.series ?? [];
  return (
    <ChartWidget<{ day: string; value: number }>
      id={kind}
      title={title}
      info={t(`banking.widgets.${kind}.info`)}
      {...cardState(ctx)}
      height={220}
      data={{
        columns: [
          { header: t('banking.widgets.recent.date'), value: (point) => point.day },
          { header: `${title} (${ctx.currency})`, value: (point) => units(point.value) },
        ],
        rows: series,
      }}
      fileName={`${kind}-${ctx.range.from}-${ctx.range.to}`}
      list={{ to: list }}
      sx={{ height: '100%' }}
    >
      {figure && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="h3" component="p" data-testid={`${kind}-value`}>
              {ctx.money(figure.value)}
            </Typography>
            <ChangeBadge
              value={figure.value}
              previous={figure.previous}
              periodLabel={ctx.range.previousLabel}
              goodWhen={kind === 'income' ? 'up' : 'down'}
            />
          </Box>
          <Chart
            type="area"
            title={title}
            height={140}
            hideLegend
            valueFormat="currency"
            currency={ctx.currency}
            dateFormat="day"
            categories={series.map((point) => dayDate(point.day))}
            series={[
              {
                name: title,
                data: series.map((point) => point.value / 100),
              },
            ]}
            emptyText={t('banking.widgets.empty')}
            onItemClick={({ dataIndex }) => {
              const day = series[dataIndex]?.day;
              if (day)
                void navigate(
                  transactionsOf({ type: kind === 'income' ? 'income' : 'expense', startDate: day }),
                );
            }}
          />
        </Stack>
      )}
    </ChartWidget>
  );
}

const periodFormat = { week: 'day', month: 'month', year: 'year' } as const;

/** "Balance statistics": income, savings and investment per week, month or year (the period in the address). */
export function BankingStatistics({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const buckets = ctx.data?.balanceStats ?? [];
  const title = t('banking.widgets.statistics.title');
  const names = {
    income: t('banking.widgets.statistics.income'),
    savings: t('banking.widgets.statistics.savings'),
    investment: t('banking.widgets.statistics.investment'),
  };
  return (
    <ChartWidget<(typeof buckets)[number]>
      id="balance-statistics"
      title={title}
      info={t('banking.widgets.statistics.info')}
      {...cardState(ctx)}
      period={
        <WidgetPeriodSelect<BalancePeriod>
          label={t('banking.widgets.statistics.period')}
          value={ctx.period}
          options={balancePeriods.map((value) => ({
            value,
            label: t(`banking.widgets.statistics.periods.${value}`),
          }))}
          onChange={ctx.setPeriod}
        />
      }
      data={{
        columns: [
          { header: t('banking.widgets.recent.date'), value: (b) => b.start },
          { header: names.income, value: (b) => units(b.income) },
          { header: names.savings, value: (b) => units(b.savings) },
          { header: names.investment, value: (b) => units(b.investment) },
        ],
        rows: buckets,
      }}
      fileName={`balance-statistics-${ctx.period}`}
      sx={{ height: '100%' }}
    >
      <Chart
        type="bar"
        title={title}
        valueFormat="currency"
        currency={ctx.currency}
        dateFormat={periodFormat[ctx.period]}
        categories={buckets.map((b) => dayDate(b.start))}
        series={[
          { name: names.income, data: buckets.map((b) => b.income / 100) },
          { name: names.savings, data: buckets.map((b) => b.savings / 100) },
          { name: names.investment, data: buckets.map((b) => b.investment / 100) },
        ]}
        emptyText={t('banking.widgets.empty')}
      />
    </ChartWidget>
  );
}

/** "Expense categories": a donut of the range's expenses; a slice opens its transactions. */
export function BankingCategories({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figures = (ctx.data?.expenseCategories ?? []).filter((figure) => figure.value > 0);
  const title = t('banking.widgets.categories.title');
  const nameOf = (figure: (typeof figures)[number]) =>
    figure.categoryId === null ? t('banking.categories.none') : categoryLabel(t, figure);
  const linkOf = (index: number) => {
    const figure = figures[index];
    return transactionsOf({
      categoryId: figure?.categoryId ?? 'none',
      type: 'expense',
      startDate: ctx.range.from,
      endDate: ctx.range.to,
    });
  };
  return (
    <ChartWidget<(typeof figures)[number]>
      id="expenses-categories"
      title={title}
      info={t('banking.widgets.categories.info')}
      {...cardState(ctx)}
      empty={figures.length === 0}
      emptyText={t('banking.widgets.empty')}
      data={{
        columns: [
          { header: t('banking.transactions.category'), value: nameOf },
          { header: `${title} (${ctx.currency})`, value: (figure) => units(figure.value) },
        ],
        rows: figures,
      }}
      fileName={`expense-categories-${ctx.range.from}-${ctx.range.to}`}
      list={{ to: transactionsOf({ type: 'expense', startDate: ctx.range.from, endDate: ctx.range.to }) }}
      sx={{ height: '100%' }}
    >
      <Chart
        type="donut"
        title={title}
        valueFormat="currency"
        currency={ctx.currency}
        totalLabel={t('banking.widgets.categories.total')}
        slices={figures.map((figure) => ({ label: nameOf(figure), value: figure.value / 100 }))}
        onItemClick={({ dataIndex }) => void navigate(linkOf(dataIndex))}
        itemActionLabel={({ dataIndex }) =>
          t('banking.widgets.categories.open', { name: figures[dataIndex] ? nameOf(figures[dataIndex]) : '' })
        }
      />
    </ChartWidget>
  );
}

/** A transaction's description: the other person, the payee, or the category. */
export function describe(t: TFunction, transaction: BankTransaction) {
  return (
    transaction.person?.name ||
    transaction.counterparty ||
    (transaction.toAccount ? `${transaction.account.name} → ${transaction.toAccount.name}` : '') ||
    categoryLabel(t, transaction.category)
  );
}

/** A signed amount coloured by its direction. */
export function SignedAmount({
  transaction,
  money,
}: {
  transaction: BankTransaction;
  money: (c: number) => string;
}) {
  const color =
    transaction.direction === 'in'
      ? 'success.dark'
      : transaction.direction === 'out'
        ? 'text.primary'
        : 'text.secondary';
  const value = transaction.direction === 'internal' ? transaction.amount : transaction.signedAmount;
  return (
    <Box component="span" sx={{ color, fontWeight: 600, whiteSpace: 'nowrap', unicodeBidi: 'plaintext' }}>
      {transaction.direction === 'in' ? '+' : ''}
      {money(value)}
    </Box>
  );
}

/** "Recent transactions": the latest few with their status; View all opens the list. */
export function BankingRecent({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const rows = ctx.data?.recent ?? [];
  const title = t('banking.widgets.recent.title');
  return (
    <TableWidget<BankTransaction>
      id="recent-transactions"
      title={title}
      info={t('banking.widgets.recent.info')}
      {...cardState(ctx)}
      empty={rows.length === 0}
      emptyText={t('banking.widgets.recent.empty')}
      data={{
        columns: [
          { header: t('banking.widgets.recent.description'), value: (row) => describe(t, row) },
          { header: t('banking.widgets.recent.date'), value: (row) => row.date },
          {
            header: `${t('banking.widgets.recent.amount')} (${ctx.currency})`,
            value: (row) => units(row.signedAmount),
          },
          { header: t('banking.widgets.recent.status'), value: (row) => t(`banking.statuses.${row.status}`) },
        ],
        rows,
      }}
      viewAll={{ to: paths.dashboard.banking.transactions, label: t('banking.widgets.recent.viewAll') }}
      flush
      sx={{ height: '100%' }}
    >
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: 440 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ paddingInlineStart: 3 }}>{t('banking.widgets.recent.description')}</TableCell>
              <TableCell>{t('banking.widgets.recent.date')}</TableCell>
              <TableCell align="right">{t('banking.widgets.recent.amount')}</TableCell>
              <TableCell sx={{ paddingInlineEnd: 3 }}>{t('banking.widgets.recent.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-transaction={row.id}>
                <TableCell sx={{ paddingInlineStart: 3 }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Avatar
                      alt=""
                      src={row.person?.avatarUrl ?? undefined}
                      sx={{ ...personAvatarSx, width: 32, height: 32 }}
                    >
                      {describe(t, row).charAt(0)}
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" noWrap>
                        {describe(t, row)}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                        {categoryLabel(t, row.category)}
                      </Typography>
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDate(row.date)}</TableCell>
                <TableCell align="right">
                  <SignedAmount transaction={row} money={ctx.money} />
                </TableCell>
                <TableCell sx={{ paddingInlineEnd: 3 }}>
                  <Label color={statusColor[row.status]}>{t(`banking.statuses.${row.status}`)}</Label>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </TableWidget>
  );
}

/** "Current balance": the viewer's cards and accounts as a carousel, amounts shown or hidden. */
export function BankingCards({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  const accounts = (ctx.data?.accounts ?? []).filter((account) => account.status === 'open');
  const toggle = shown ? t('banking.widgets.cards.hide') : t('banking.widgets.cards.show');
  return (
    <CarouselWidget<BankAccount>
      id="cards"
      title={t('banking.widgets.cards.title')}
      info={t('banking.widgets.cards.info')}
      {...cardState(ctx)}
      emptyText={t('banking.widgets.cards.empty')}
      action={
        <IconButton aria-label={toggle} aria-pressed={!shown} onClick={() => setShown((value) => !value)}>
          {shown ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
        </IconButton>
      }
      items={accounts}
      itemKey={(account) => account.id}
      height={200}
      sx={{ height: '100%' }}
      renderItem={(account) => (
        <Box
          sx={(theme) => ({
            mx: 3,
            p: 3,
            minHeight: 184,
            borderRadius: 2,
            color: 'common.white',
            background: `linear-gradient(135deg, ${theme.palette.primary.dark}, ${theme.palette.grey[900]})`,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
          })}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Box>
              <Typography variant="subtitle2" component="p" sx={{ opacity: 0.85 }}>
                {t(`banking.kinds.${account.kind}`)}
              </Typography>
              <Typography variant="subtitle1" component="p">
                {accountLabel(account)}
              </Typography>
            </Box>
            {account.primary && <Label color="primary">{t('banking.account.primary')}</Label>}
          </Stack>
          <Typography variant="h4" component="p" data-account-balance={account.id}>
            {shown ? (
              ctx.money(account.balance)
            ) : (
              <span aria-label={t('banking.widgets.cards.hidden')}>••••••</span>
            )}
          </Typography>
          {account.kind === 'card' && (
            <Stack direction="row" spacing={3}>
              <Box>
                <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
                  {t('banking.widgets.cards.holder')}
                </Typography>
                <Typography variant="body2">{account.holderName}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
                  {t('banking.widgets.cards.expiry')}
                </Typography>
                <Typography variant="body2">{account.expiry}</Typography>
              </Box>
            </Stack>
          )}
        </Box>
      )}
    />
  );
}

/** "Quick transfer": the contacts as avatars; one opens the transfer with them chosen. */
export function BankingQuickTransfer({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const contacts = ctx.data?.contacts ?? [];
  return (
    <WidgetCard
      id="quick-transfer"
      title={t('banking.widgets.quickTransfer.title')}
      info={t('banking.widgets.quickTransfer.info')}
      {...cardState(ctx)}
      sx={{ height: '100%' }}
    >
      <Stack spacing={2}>
        {contacts.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('banking.widgets.quickTransfer.noContacts')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            direction="row"
            spacing={1}
            sx={{ m: 0, p: 0, listStyle: 'none', overflowX: 'auto', py: 0.5 }}
          >
            {contacts.slice(0, 8).map((contact) => (
              <li key={contact.id}>
                <IconButton
                  aria-label={t('banking.widgets.quickTransfer.pick', { name: contact.name })}
                  onClick={() =>
                    ctx.openTransfer({ id: contact.id, name: contact.name, avatarUrl: contact.avatarUrl })
                  }
                  sx={{ p: 0.5 }}
                >
                  <Avatar
                    alt=""
                    src={contact.avatarUrl ?? undefined}
                    sx={{ ...personAvatarSx, width: 44, height: 44 }}
                  >
                    {contact.name.charAt(0)}
                  </Avatar>
                </IconButton>
              </li>
            ))}
          </Stack>
        )}
        <Box>
          <Button variant="contained" startIcon={<SendRounded />} onClick={() => ctx.openTransfer()}>
            {t('banking.widgets.balance.send')}
          </Button>
        </Box>
      </Stack>
    </WidgetCard>
  );
}

/** "Contacts": the people the viewer exchanged money with, and how often. */
export function BankingContacts({ ctx }: { ctx: BankingWidgetContext }) {
  const { t } = useTranslation();
  const contacts = ctx.data?.contacts ?? [];
  return (
    <WidgetCard
      id="contacts"
      title={t('banking.widgets.contacts.title')}
      info={t('banking.widgets.contacts.info')}
      {...cardState(ctx)}
      empty={contacts.length === 0}
      emptyText={t('banking.widgets.contacts.empty')}
      data={{
        columns: [
          { header: t('banking.transfer.to'), value: (c) => c.name },
          { header: 'Email', value: (c) => c.email },
          { header: t('banking.widgets.contacts.title'), value: (c) => c.transfers },
        ],
        rows: contacts,
      }}
      sx={{ height: '100%' }}
    >
      <Stack component="ul" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {contacts.slice(0, 6).map((contact) => (
          <Stack component="li" key={contact.id} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar alt="" src={contact.avatarUrl ?? undefined} sx={personAvatarSx}>
              {contact.name.charAt(0)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" noWrap>
                {contact.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
                {t('banking.widgets.contacts.transfers', {
                  count: contact.transfers,
                  formatted: fNumber(contact.transfers),
                })}
              </Typography>
            </Box>
            <IconButton
              aria-label={t('banking.widgets.contacts.send', { name: contact.name })}
              onClick={() =>
                ctx.openTransfer({ id: contact.id, name: contact.name, avatarUrl: contact.avatarUrl })
              }
            >
              <SendRounded
                fontSize="small"
                sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
              />
            </IconButton>
          </Stack>
        ))}
      </Stack>
    </WidgetCard>
  );
}

/** "Invite friends": a workspace invitation by email (the workspace's own invitations API). */
export function BankingInvite() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteFriend();
  const [email, setEmail] = useState('');
  return (
    <WidgetCard
      id="invite-friends"
      title={t('banking.widgets.invite.title')}
      info={t('banking.widgets.invite.info')}
      sx={{ height: '100%' }}
    >
      <Stack
        component="form"
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(email.trim(), {
            onSuccess: () => {
              enqueueSnackbar(t('banking.widgets.invite.sent', { email: email.trim() }), {
                variant: 'success',
              });
              setEmail('');
            },
            onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
          });
        }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('banking.widgets.invite.text')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="email"
            required
            label={t('banking.widgets.invite.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {t('banking.widgets.invite.send')}
          </Button>
        </Stack>
      </Stack>
    </WidgetCard>
  );
}

import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  IMPORT_CSV_MAX_BYTES,
  importDateFormats,
  importDecimalSeparators,
  importDelimiters,
} from '#shared/contract/banking-limits.ts';
import type { ImportMappingInput, ImportPreview } from '#shared/contract/banking.ts';

import { FileButton } from '../../../components/file-button/file-button.tsx';
import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import {
  useAccounts,
  useCategories,
  useImportActions,
  useImportMapping,
  useRuleActions,
  useRules,
} from '../api/banking-api.ts';
import { accountLabel, categoryLabel } from '../components/banking-labels.ts';
import { SelectField } from '../components/select-field.tsx';
import { BankingPageHeading } from '../components/banking-page-heading.tsx';

type Mapping = {
  date: number;
  amount: number | null;
  debit: number | null;
  credit: number | null;
  counterparty: number;
  note: number | null;
  dateFormat: (typeof importDateFormats)[number];
  delimiter: (typeof importDelimiters)[number];
  decimal: (typeof importDecimalSeparators)[number];
  hasHeader: boolean;
};

const defaultMapping: Mapping = {
  date: 0,
  amount: 2,
  debit: null,
  credit: null,
  counterparty: 1,
  note: null,
  dateFormat: 'YYYY-MM-DD',
  delimiter: ',',
  decimal: '.',
  hasHeader: true,
};

/** The first line's cells (to name the columns before a preview): a plain split, quotes removed. */
export function firstLineCells(csv: string, delimiter: string): string[] {
  const line = csv.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

const delimiterNames: Record<string, string> = { ',': ',', ';': ';', '\t': 'Tab' };

/**
 * `/dashboard/banking/import` (issue 28 A, B): a bank statement's CSV into one account. The columns are
 * mapped once (the server remembers the mapping with each import and offers it next time), the preview
 * marks rows already imported as duplicates and rows that cannot be read, and the person's rules (payee
 * contains X → category Y) categorise the rows; then the import (idempotent: duplicates are skipped).
 */
export function BankingImportView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useAccounts();
  const categories = useCategories();
  const remembered = useImportMapping();
  const actions = useImportActions();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [accountId, setAccountId] = useState('');
  const [edited, setMapping] = useState<Mapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  // The remembered mapping until the person changes a column.
  const mapping: Mapping =
    edited ?? (remembered.data ? { ...defaultMapping, ...remembered.data } : defaultMapping);
  const openAccounts = (accounts.data?.accounts ?? []).filter((account) => account.status === 'open');
  const account = accountId || openAccounts.find((a) => a.primary)?.id || openAccounts[0]?.id || '';
  const cells = preview?.header.length ? preview.header : firstLineCells(csv, mapping.delimiter);
  // Enough columns for the file and for the mapping (a remembered one may name a column before a file is chosen).
  const mapped = [
    mapping.date,
    mapping.amount,
    mapping.debit,
    mapping.credit,
    mapping.counterparty,
    mapping.note,
  ];
  const columnCount = Math.max(cells.length, ...mapped.map((index) => (index ?? -1) + 1), 1);
  const categoryName = (id: string | null) =>
    id === null ? '' : categoryLabel(t, categories.data?.find((c) => c.id === id) ?? null);

  const change = (patch: Partial<Mapping>) => {
    setMapping({ ...mapping, ...patch });
    setPreview(null);
  };
  const input = () => ({ accountId: account, csv, mapping: mapping as ImportMappingInput });

  const runPreview = () => {
    setProblem(null);
    setResult(null);
    actions.preview.mutate(input(), {
      onSuccess: setPreview,
      onError: (error) => setProblem(errorMessage(error, t)),
    });
  };
  const runImport = () =>
    actions.run.mutate(input(), {
      onSuccess: (answer) => {
        const text = t('banking.import.done', answer);
        setResult(text);
        enqueueSnackbar(text, { variant: 'success' });
        setPreview(null);
      },
      onError: (error) => setProblem(errorMessage(error, t)),
    });

  const columnOptions = Array.from({ length: columnCount }, (_, index) => ({
    value: String(index),
    label:
      cells[index] && mapping.hasHeader
        ? `${index + 1}. ${cells[index]}`
        : t('banking.import.column', { index: index + 1 }),
  }));
  const columnFields = [
    { field: 'date', label: t('banking.import.date'), optional: false },
    { field: 'counterparty', label: t('banking.import.counterparty'), optional: false },
    { field: 'amount', label: t('banking.import.amount'), optional: true },
    { field: 'debit', label: t('banking.import.debit'), optional: true },
    { field: 'credit', label: t('banking.import.credit'), optional: true },
    { field: 'note', label: t('banking.import.note'), optional: true },
  ] as const;

  return (
    <>
      <BankingPageHeading title={t('banking.import.title')} />
      <Stack spacing={3}>
        <Card component="section" aria-label={t('banking.import.title')} sx={{ p: 3 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('banking.import.intro')}
          </Typography>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          {result && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {result}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, mb: 3 }}
          >
            <FileButton
              variant="outlined"
              color="inherit"
              startIcon={<UploadFileRounded />}
              accept=".csv,text/csv,text/plain"
              onFile={(file) => {
                if (file.size > IMPORT_CSV_MAX_BYTES) return setProblem(t('validation.fieldTooLong'));
                void file.text().then((text) => {
                  setCsv(text);
                  setFileName(file.name);
                  setPreview(null);
                  setResult(null);
                });
              }}
            >
              {t('banking.import.file')}
            </FileButton>
            {fileName && (
              <Typography variant="body2">{t('banking.import.fileChosen', { name: fileName })}</Typography>
            )}
            <TextField
              select
              size="small"
              label={t('banking.import.account')}
              value={account}
              onChange={(e) => setAccountId(e.target.value)}
              sx={{ minWidth: 220 }}
            >
              {openAccounts.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {accountLabel(a)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            {t('banking.import.mapping')}
          </Typography>
          <Grid container spacing={2}>
            {columnFields.map(({ field, label, optional }) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
                <SelectField
                  label={label}
                  value={mapping[field] === null ? '' : String(mapping[field])}
                  options={columnOptions}
                  none={optional ? t('banking.import.unused') : undefined}
                  onChange={(value) => change({ [field]: value === '' ? null : Number(value) })}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <SelectField
                label={t('banking.import.dateFormat')}
                value={mapping.dateFormat}
                options={importDateFormats.map((value) => ({ value, label: value }))}
                onChange={(value) => value && change({ dateFormat: value })}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <SelectField
                label={t('banking.import.delimiter')}
                value={mapping.delimiter}
                options={importDelimiters.map((value) => ({ value, label: delimiterNames[value] ?? value }))}
                onChange={(value) => value && change({ delimiter: value })}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <SelectField
                label={t('banking.import.decimal')}
                value={mapping.decimal}
                options={importDecimalSeparators.map((value) => ({ value, label: value }))}
                onChange={(value) => value && change({ decimal: value })}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={mapping.hasHeader}
                    onChange={(e) => change({ hasHeader: e.target.checked })}
                  />
                }
                label={t('banking.import.hasHeader')}
              />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
            <Button
              variant="outlined"
              color="inherit"
              disabled={!csv || !account}
              loading={actions.preview.isPending}
              onClick={runPreview}
            >
              {t('banking.import.preview')}
            </Button>
            {preview && (
              <Button
                variant="contained"
                disabled={preview.toImport === 0}
                loading={actions.run.isPending}
                onClick={runImport}
              >
                {t('banking.import.run', { count: preview.toImport })}
              </Button>
            )}
          </Stack>
        </Card>
        {preview && (
          <Card component="section" aria-label={t('banking.import.preview')}>
            <CardHeader
              title={t('banking.import.preview')}
              subheader={t('banking.import.toImport', { count: preview.toImport })}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <TableContainer>
              <Table size="small" aria-label={t('banking.import.preview')} sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('banking.import.columns.line')}</TableCell>
                    <TableCell>{t('banking.import.columns.date')}</TableCell>
                    <TableCell>{t('banking.import.columns.payee')}</TableCell>
                    <TableCell align="right">{t('banking.import.columns.amount')}</TableCell>
                    <TableCell>{t('banking.import.columns.category')}</TableCell>
                    <TableCell>{t('banking.import.columns.state')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow
                      key={row.line}
                      data-duplicate={row.duplicate || undefined}
                      sx={{ opacity: row.duplicate || row.error ? 0.7 : 1 }}
                    >
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.date ? fDate(row.date) : '—'}</TableCell>
                      <TableCell>{row.counterparty}</TableCell>
                      <TableCell align="right" sx={{ unicodeBidi: 'plaintext' }}>
                        {row.amount === null ? '—' : money(row.type === 'expense' ? -row.amount : row.amount)}
                      </TableCell>
                      <TableCell>{categoryName(row.categoryId)}</TableCell>
                      <TableCell>
                        {row.error ? (
                          <Label color="error">{t('banking.import.rowError')}</Label>
                        ) : row.duplicate ? (
                          <Label color="warning">{t('banking.import.duplicate')}</Label>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        )}
        <RulesSection onChange={() => preview && runPreview()} />
      </Stack>
    </>
  );
}

function RulesSection({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const rules = useRules();
  const categories = useCategories();
  const actions = useRuleActions();
  const [contains, setContains] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const nameOf = (id: string) => categoryLabel(t, categories.data?.find((c) => c.id === id) ?? null);
  return (
    <Card component="section" aria-labelledby="banking-rules-title" sx={{ p: 3 }}>
      <Typography id="banking-rules-title" variant="h6" component="h2">
        {t('banking.import.rules')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('banking.import.rulesIntro')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none', mb: 2 }}>
        {(rules.data ?? []).map((rule) => (
          <Stack component="li" key={rule.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {t('banking.import.ruleText', { text: rule.contains, category: nameOf(rule.categoryId) })}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('banking.import.removeRule', { text: rule.contains })}
              onClick={() => actions.remove.mutate(rule.id, { onSuccess: onChange, onError: failed })}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          actions.create.mutate(
            { contains: contains.trim(), categoryId },
            {
              onSuccess: () => {
                setContains('');
                onChange();
              },
              onError: failed,
            },
          );
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            required
            label={t('banking.import.contains')}
            value={contains}
            onChange={(e) => setContains(e.target.value)}
          />
          <TextField
            select
            size="small"
            required
            label={t('banking.transactions.category')}
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {(categories.data ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {`${category.parentId ? '— ' : ''}${categoryLabel(t, category)}`}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="outlined"
            color="inherit"
            loading={actions.create.isPending}
            disabled={!contains.trim() || !categoryId}
          >
            {t('banking.import.addRule')}
          </Button>
        </Stack>
      </Box>
    </Card>
  );
}

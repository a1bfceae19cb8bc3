import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  categoryIcons,
  categoryKinds,
  type CategoryIcon as CategoryIconName,
  type CategoryKind,
} from '#shared/contract/banking-limits.ts';
import { createCategoryInput, type BankCategory } from '#shared/contract/banking.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCategories, useCategoryActions } from '../api/banking-api.ts';
import { DialogFrame, FormButtons, ProblemAlert } from './banking-dialog.tsx';
import { categoryLabel, categoryOptions, categoryTree, firstIssue } from './banking-labels.ts';
import { CategoryIcon } from './category-icon.tsx';
import { SelectField } from './select-field.tsx';

type Step =
  | { kind: 'list' }
  | { kind: 'edit'; category: BankCategory | null }
  | { kind: 'remove'; category: BankCategory; used: number | null };

/**
 * The category editor (issue 28 A): the income and expense trees with their icons; a category is created,
 * renamed, given another icon, moved under a top-level one of its kind (one level), or deleted: at once when
 * nothing uses it, else after choosing the category its transactions, rules, recurring transactions and
 * budgets move to. Reachable from every banking page ("Categories").
 */
export function CategoryEditorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [kind, setKind] = useState<CategoryKind>('expense');
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const all = categories.data ?? [];
  const back = () => setStep({ kind: 'list' });

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('banking.categoryEditor.title')}
      maxWidth="sm"
      phoneFullScreen
    >
      {step.kind === 'list' && (
        <>
          <DialogContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={kind}
                onChange={(_, next: CategoryKind | null) => next && setKind(next)}
                aria-label={t('banking.categoryEditor.kind')}
              >
                {categoryKinds.map((value) => (
                  <ToggleButton key={value} value={value}>
                    {t(`banking.types.${value}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Box sx={{ flexGrow: 1 }} />
              <Button startIcon={<AddRounded />} onClick={() => setStep({ kind: 'edit', category: null })}>
                {t('banking.categoryEditor.new')}
              </Button>
            </Stack>
            <List aria-label={t(`banking.types.${kind}`)} dense>
              {categoryTree(all, kind).map(({ category, depth }) => {
                const name = categoryLabel(t, category);
                return (
                  <ListItem
                    key={category.id}
                    sx={{ pl: 1 + depth * 4 }}
                    secondaryAction={
                      <>
                        <Tooltip title={t('banking.categoryEditor.edit', { name })}>
                          <IconButton
                            aria-label={t('banking.categoryEditor.edit', { name })}
                            onClick={() => setStep({ kind: 'edit', category })}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('banking.categoryEditor.remove', { name })}>
                          <IconButton
                            aria-label={t('banking.categoryEditor.remove', { name })}
                            onClick={() => setStep({ kind: 'remove', category, used: null })}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <CategoryIcon icon={category.icon} fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={name} />
                  </ListItem>
                );
              })}
            </List>
          </DialogContent>
          <DialogActions>
            <Button color="inherit" variant="outlined" onClick={onClose}>
              {t('banking.categoryEditor.close')}
            </Button>
          </DialogActions>
        </>
      )}
      {step.kind === 'edit' && (
        <CategoryForm
          key={step.category?.id ?? 'new'}
          category={step.category}
          kind={kind}
          all={all}
          onDone={back}
        />
      )}
      {step.kind === 'remove' && (
        <RemoveCategory
          category={step.category}
          used={step.used}
          all={all}
          onUsed={(used) => setStep({ ...step, used })}
          onDone={back}
        />
      )}
    </DialogFrame>
  );
}

function CategoryForm({
  category,
  kind,
  all,
  onDone,
}: {
  category: BankCategory | null;
  kind: CategoryKind;
  all: readonly BankCategory[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { create, update } = useCategoryActions();
  const ofKind = category?.kind ?? kind;
  const [name, setName] = useState(category ? categoryLabel(t, category) : '');
  const [icon, setIcon] = useState<CategoryIconName>(category?.icon ?? 'other');
  const [parentId, setParentId] = useState(category?.parentId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const hasChildren = category !== null && all.some((c) => c.parentId === category.id);
  const parents = all.filter((c) => c.kind === ofKind && c.parentId === null && c.id !== category?.id);
  const pending = create.isPending || update.isPending;

  const save = () => {
    const checked = createCategoryInput.safeParse({ kind: ofKind, name, icon, parentId: parentId || null });
    if (!checked.success) return setProblem(firstIssue(checked.error, t));
    const onError = (error: unknown) => setProblem(errorMessage(error, t));
    if (!category) {
      create.mutate(checked.data, {
        onSuccess: ({ category: made }) => {
          enqueueSnackbar(t('banking.categoryEditor.created', { name: made.name }), { variant: 'success' });
          onDone();
        },
        onError,
      });
      return;
    }
    // Only what changed: an unchanged default name keeps its key (and its translation).
    const renamed = checked.data.name !== categoryLabel(t, category);
    update.mutate(
      {
        id: category.id,
        ...(renamed ? { name: checked.data.name } : {}),
        icon,
        ...(hasChildren ? {} : { parentId: parentId || null }),
      },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.categoryEditor.saved'), { variant: 'success' });
          onDone();
        },
        onError,
      },
    );
  };

  return (
    <EditorStep
      heading={
        category
          ? t('banking.categoryEditor.edit', { name: categoryLabel(t, category) })
          : `${t('banking.categoryEditor.new')} · ${t(`banking.types.${ofKind}`)}`
      }
      problem={problem}
      submitLabel={t('banking.categoryEditor.save')}
      onSubmit={save}
      onBack={onDone}
      busy={pending}
    >
      <Stack spacing={2}>
        <TextField
          autoFocus
          required
          label={t('banking.categoryEditor.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          size="medium"
          label={t('banking.categoryEditor.icon')}
          value={icon}
          options={categoryIcons.map((value) => ({
            value,
            label: (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CategoryIcon icon={value} fontSize="small" />
                <span>{t(`banking.categories.${value}`)}</span>
              </Stack>
            ),
          }))}
          onChange={(value) => value && setIcon(value)}
        />
        <SelectField
          size="medium"
          label={t('banking.categoryEditor.parent')}
          value={hasChildren ? '' : parentId}
          disabled={hasChildren}
          helperText={hasChildren ? t('banking.categoryEditor.hasChildren') : undefined}
          none={t('banking.categoryEditor.topLevel')}
          options={parents.map((parent) => ({ value: parent.id, label: categoryLabel(t, parent) }))}
          onChange={setParentId}
        />
      </Stack>
    </EditorStep>
  );
}

function RemoveCategory({
  category,
  used,
  all,
  onUsed,
  onDone,
}: {
  category: BankCategory;
  /** How much uses it (the server's 409), once known: then a category to move it all to is asked for. */
  used: number | null;
  all: readonly BankCategory[];
  onUsed: (used: number) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { remove } = useCategoryActions();
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = categoryLabel(t, category);

  const confirm = () => {
    if (used !== null && !target) {
      setProblem(t('banking.categoryEditor.pickTarget'));
      return;
    }
    remove.mutate(
      { id: category.id, ...(used !== null ? { reassignTo: target } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.categoryEditor.removed', { name }), { variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CATEGORY_IN_USE') {
            setProblem(null);
            onUsed(typeof error.body.used === 'number' ? error.body.used : 1);
          } else {
            setProblem(errorMessage(error, t));
          }
        },
      },
    );
  };

  return (
    <EditorStep
      heading={t('banking.categoryEditor.removeTitle', { name })}
      problem={problem}
      submitLabel={
        used === null ? t('banking.categoryEditor.delete') : t('banking.categoryEditor.moveAndDelete')
      }
      onSubmit={confirm}
      onBack={onDone}
      busy={remove.isPending}
      danger
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('banking.categoryEditor.removeText')}
      </Typography>
      {used !== null && (
        <Stack spacing={2}>
          <Alert severity="warning" role="status">
            {t('banking.categoryEditor.inUse', { count: used })}
          </Alert>
          <SelectField
            size="medium"
            required
            label={t('banking.categoryEditor.reassignTo')}
            value={target}
            options={categoryOptions(t, all, category.kind, category.id)}
            onChange={setTarget}
          />
        </Stack>
      )}
    </EditorStep>
  );
}

/** A step of the editor (a category's form, a deletion): its heading, problem, content and two buttons. */
function EditorStep({
  heading,
  problem,
  children,
  ...buttons
}: {
  heading: string;
  problem: string | null;
  children: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  onBack: () => void;
  busy: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <ProblemAlert problem={problem} />
        {children}
      </DialogContent>
      <DialogActions>
        <FormButtons backLabel={t('banking.categoryEditor.back')} {...buttons} />
      </DialogActions>
    </>
  );
}

import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Close from '@mui/icons-material/Close';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FILE_LIMITS } from '#shared/contract/file-limits.ts';
import { createPostInput, type CreatePostInput, type Post } from '#shared/contract/posts.ts';

import { FileButton } from '../../../components/file-button/file-button.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormChipsField } from '../../../components/form/form-chips-field.tsx';
import { FormRichTextField } from '../../../components/form/form-rich-text-field.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData } from '../../../lib/format.ts';
import { useUploadCover } from '../api/posts-api.ts';
import { postFormValues, toPostPayload, type PostFormValues } from '../utils/post-form-values.ts';
import { PostBody, PostHero } from './post-body.tsx';

const resolver = payloadResolver<PostFormValues>(createPostInput, toPostPayload);
const serverFields = [
  'title',
  'description',
  'content',
  'tags',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
] as const;

/** The cover: uploaded as soon as it is chosen (the files block checks and re-encodes it), then shown. */
function CoverField({ control }: { control: Control<PostFormValues> }) {
  const { t } = useTranslation();
  const hintId = useId();
  const { field } = useController({ control, name: 'cover' });
  const uploadCover = useUploadCover();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const limits = FILE_LIMITS.cover;

  const upload = async (file: File) => {
    setProblem(null);
    if (!(limits.types as readonly string[]).includes(file.type)) {
      return setProblem(t('posts.form.coverWrongType'));
    }
    if (file.size > limits.maxBytes)
      return setProblem(t('posts.form.coverTooLarge', { size: fData(limits.maxBytes) }));
    setUploading(true);
    try {
      const stored = await uploadCover.mutateAsync(file);
      field.onChange({ id: stored.id, url: stored.url });
    } catch (error) {
      setProblem(errorMessage(error, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('posts.form.cover')}
      </Typography>
      {field.value ? (
        <Box
          sx={{
            position: 'relative',
            borderRadius: 1.5,
            overflow: 'hidden',
            aspectRatio: '16 / 9',
            maxWidth: 560,
          }}
        >
          <Box
            component="img"
            src={field.value.url}
            alt={t('posts.form.coverPreview')}
            sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
          />
          <IconButton
            aria-label={t('posts.form.removeCover')}
            onClick={() => field.onChange(null)}
            sx={{
              position: 'absolute',
              top: 8,
              insetInlineEnd: 8,
              bgcolor: 'rgba(22, 28, 36, 0.48)',
              color: 'common.white',
              '&:hover': { bgcolor: 'rgba(22, 28, 36, 0.72)' },
            }}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: field.value ? 1.5 : 0, alignItems: 'center' }}>
        <FileButton
          variant="outlined"
          color="inherit"
          startIcon={<AddPhotoAlternateOutlined />}
          accept={limits.types.join(',')}
          describedBy={hintId}
          loading={uploading}
          onFile={(file) => void upload(file)}
        >
          {field.value ? t('posts.form.replaceCover') : t('posts.form.uploadCover')}
        </FileButton>
        <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
          {t('posts.form.coverHint', { size: fData(limits.maxBytes) })}
        </Typography>
      </Stack>
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Administrators' "Featured" switch: the overview's carousel shows the post while it is published. */
function FeaturedField({ control }: { control: Control<PostFormValues> }) {
  const { t } = useTranslation();
  const hintId = useId();
  const { field } = useController({ control, name: 'featured' });
  return (
    <Box>
      <FormControlLabel
        label={t('posts.featured.switch')}
        control={
          <Switch
            name={field.name}
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
          />
        }
      />
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {t('posts.featured.switchHint')}
      </FormHelperText>
    </Box>
  );
}

/** The post as it will look: the hero, the description, the content and the tags. */
function PreviewDialog({
  values,
  open,
  onClose,
}: {
  values: PostFormValues;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useAuth((state) => state.user);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
      >
        {t('posts.form.previewTitle')}
        <Button variant="contained" onClick={onClose}>
          {t('posts.form.closePreview')}
        </Button>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <PostHero
            title={values.title || t('posts.form.untitled')}
            coverUrl={values.cover?.url ?? null}
            author={{ id: me?.id ?? '', name: me?.displayName ?? '', avatarUrl: me?.avatarUrl ?? null }}
            date={new Date().toISOString()}
            draft={!values.publish}
            titleAs="h2"
          />
          <Box sx={{ maxWidth: 720, mx: 'auto', my: 5 }}>
            <PostBody description={values.description} content={values.content} tags={values.tags} />
          </Box>
        </Box>
      </DialogContent>
    </Dialog>
  );
}

type PostFormProps = {
  post?: Post;
  submitLabel: string;
  /**
   * Saves the payload; a failure's issues go on the fields. `featured` is the administrators' switch (the
   * post's own value for anyone else).
   */
  onSubmit: (payload: CreatePostInput, featured: boolean) => Promise<unknown>;
};

/**
 * The post form (new and edit, issue #14): title, description, content with the rich text editor, cover;
 * tags, meta fields and the comments switch (and for administrators the overview's "Featured" switch);
 * publish; Preview. The shared schema checks it before it is sent.
 */
export function PostForm({ post, submitLabel, onSubmit }: PostFormProps) {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const { control, handleSubmit, setError, formState, getValues } = useForm<PostFormValues>({
    defaultValues: postFormValues(post),
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const [preview, setPreview] = useState<PostFormValues | null>(null);
  const submit = handleSubmit((values) =>
    attempt(serverFields, () => onSubmit(toPostPayload(values), values.featured)),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={4}
      onSubmit={(event) => void submit(event)}
      sx={{ maxWidth: 880, mx: 'auto' }}
    >
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <FormSection title={t('posts.form.details')}>
        <FormTextField
          control={control}
          name="title"
          label={t('posts.form.title')}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('posts.form.description')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <FormRichTextField control={control} name="content" label={t('posts.form.content')} minHeight={280} />
        <CoverField control={control} />
      </FormSection>
      <FormSection title={t('posts.form.properties')}>
        <FormChipsField
          control={control}
          name="tags"
          label={t('posts.form.tags')}
          freeSolo
          hint={t('posts.form.wordsHint')}
        />
        <FormTextField control={control} name="metaTitle" label={t('posts.form.metaTitle')} />
        <FormTextField
          control={control}
          name="metaDescription"
          label={t('posts.form.metaDescription')}
          multiline
          minRows={3}
        />
        <FormChipsField
          control={control}
          name="metaKeywords"
          label={t('posts.form.metaKeywords')}
          freeSolo
          hint={t('posts.form.wordsHint')}
        />
        <FormSwitch control={control} name="allowComments" label={t('posts.form.allowComments')} />
        {isAdmin && <FeaturedField control={control} />}
      </FormSection>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <FormSwitch control={control} name="publish" label={t('posts.form.publish')} />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            variant="outlined"
            size="large"
            startIcon={<VisibilityOutlined />}
            onClick={() => setPreview(getValues())}
          >
            {t('posts.form.preview')}
          </Button>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
      {preview && <PreviewDialog values={preview} open onClose={() => setPreview(null)} />}
    </Stack>
  );
}

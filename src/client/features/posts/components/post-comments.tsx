import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { COMMENT_MAX } from '#shared/contract/posts-limits.ts';
import type { Comment, CommentReply, Post } from '#shared/contract/posts.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fNumber, fRelativeTime } from '../../../lib/format.ts';
import { useAddComment, useComments, useDeleteComment } from '../api/posts-api.ts';

/** A comment box: writes a comment, or a reply with `parentId`. Empty or too long is refused in place. */
function CommentBox({
  postId,
  parentId,
  label,
  submitLabel,
  autoFocus = false,
  onDone,
}: {
  postId: string;
  parentId?: string;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddComment(postId);
  const me = useAuth((state) => state.user);
  const send = () => {
    const text = message.trim();
    if (!text) return setProblem(t('validation.commentRequired'));
    if (text.length > COMMENT_MAX) return setProblem(t('validation.commentTooLong'));
    setProblem(null);
    add.mutate(
      { message: text, ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          setMessage('');
          onDone?.();
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      direction="row"
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ alignItems: 'flex-start' }}
    >
      <Avatar src={me?.avatarUrl ?? undefined} alt="" sx={{ display: { xs: 'none', sm: 'flex' } }}>
        {me?.displayName.charAt(0)}
      </Avatar>
      <Stack spacing={1.5} sx={{ flexGrow: 1, alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          minRows={parentId ? 2 : 3}
          label={label}
          value={message}
          autoFocus={autoFocus}
          onChange={(event) => setMessage(event.target.value)}
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ htmlInput: { dir: 'auto', maxLength: COMMENT_MAX + 100 } }}
        />
        <Stack direction="row" spacing={1}>
          {onDone && (
            <Button color="inherit" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" variant="contained" loading={add.isPending}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

type Item = Comment | CommentReply;

function CommentItem({
  item,
  postId,
  canReply,
  onDelete,
  as,
}: {
  item: Item;
  postId: string;
  canReply: boolean;
  onDelete: (item: Item) => void;
  /** A top-level comment is its thread's first part; a reply is an item of the thread's replies. */
  as: 'div' | 'li';
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const nameId = useId();
  return (
    <Box component={as} aria-labelledby={as === 'li' ? nameId : undefined} sx={{ listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ py: 2 }}>
        <Avatar src={item.author.avatarUrl ?? undefined} alt="">
          {item.author.name.charAt(0)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={nameId} variant="subtitle2" dir="auto">
              {item.author.name}
            </Typography>
            <Typography
              variant="caption"
              component="time"
              dateTime={item.createdAt}
              title={fDate(item.createdAt)}
              sx={{ color: 'text.secondary' }}
            >
              {fRelativeTime(item.createdAt)}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            dir="auto"
            sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {item.tagUser && (
              <Box component="strong" sx={{ color: 'primary.main', marginInlineEnd: 0.5 }}>
                @{item.tagUser.name}{' '}
              </Box>
            )}
            {item.message}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            {canReply && (
              <Button
                size="small"
                color="inherit"
                startIcon={<ReplyOutlined />}
                onClick={() => setReplying((open) => !open)}
                aria-expanded={replying}
                aria-label={t('posts.comments.replyTo', { name: item.author.name })}
              >
                {t('posts.comments.reply')}
              </Button>
            )}
            {item.canDelete && (
              <IconButton
                size="small"
                onClick={() => onDelete(item)}
                aria-label={t('posts.comments.deleteOf', { name: item.author.name })}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            )}
          </Stack>
          {replying && (
            <Box sx={{ mt: 1.5 }}>
              <CommentBox
                postId={postId}
                parentId={item.id}
                label={t('posts.comments.replyLabel', { name: item.author.name })}
                submitLabel={t('posts.comments.sendReply')}
                autoFocus
                onDone={() => setReplying(false)}
              />
            </Box>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * The comments: a box to write one (unless the post's author closed them), then the threads newest first,
 * each with its replies (one level; a reply to a reply joins the thread and names whom it answers). Each
 * person deletes their own; the post's author and administrators delete any (the server says which).
 */
export function PostComments({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const comments = useComments(post.id);
  const remove = useDeleteComment(post.id);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const headingId = useId();
  const threads = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 3 }}>
        {t('posts.comments.title', { number: fNumber(post.totalComments) })}
      </Typography>
      {post.allowComments ? (
        <CommentBox
          postId={post.id}
          label={t('posts.comments.write')}
          submitLabel={t('posts.comments.post')}
        />
      ) : (
        <Alert severity="info">{t('posts.comments.closed')}</Alert>
      )}
      {comments.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(comments.error, t)}
        </Alert>
      )}
      <Box component="ul" aria-label={t('posts.comments.list')} sx={{ m: 0, mt: 2, p: 0 }}>
        {threads.map((comment) => (
          <Box
            key={comment.id}
            component="li"
            sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}
          >
            <CommentItem
              item={comment}
              postId={post.id}
              canReply={post.allowComments}
              onDelete={setDeleting}
              as="div"
            />
            {comment.replies.length > 0 && (
              <Box
                component="ul"
                aria-label={t('posts.comments.repliesTo', { name: comment.author.name })}
                sx={{ m: 0, p: 0, paddingInlineStart: { xs: 4, sm: 7 } }}
              >
                {comment.replies.map((reply) => (
                  <CommentItem
                    key={reply.id}
                    item={reply}
                    postId={post.id}
                    canReply={post.allowComments}
                    onDelete={setDeleting}
                    as="li"
                  />
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
      {comments.hasNextPage && (
        <Button
          fullWidth
          color="inherit"
          sx={{ mt: 2 }}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('posts.comments.more')}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('posts.comments.deleteTitle')}
        content={t('posts.comments.deleteConfirm')}
        action={t('posts.comments.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              enqueueSnackbar(t('posts.comments.deleted'), { variant: 'success' });
            },
            onError: (error) => {
              setDeleting(null);
              enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
            },
          });
        }}
      />
    </Box>
  );
}

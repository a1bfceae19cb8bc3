import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { REVIEW_COMMENT_MAX, REVIEWS_PAGE_SIZE } from '#shared/contract/products-limits.ts';
import type { Review } from '#shared/contract/products.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber, fRelativeTime } from '../../../lib/format.ts';
import { usePostReview, useReviews } from '../api/products-api.ts';

/** A product's reviews: the average, the per-star breakdown, "Write your review", and the reviews paged. */
export function ProductReviews({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const reviews = useReviews(productId, page, 'newest');
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / REVIEWS_PAGE_SIZE)) : 1;

  if (reviews.isError) return <Alert severity="error">{errorMessage(reviews.error, t)}</Alert>;
  if (!data) return <LinearProgress />;
  const most = Math.max(1, ...data.ratings.map((r) => r.starCount));

  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          py: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr 1fr' },
          alignItems: 'center',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2">{t('products.reviews.average')}</Typography>
          <Typography variant="h2" component="p">
            {fNumber(data.totalRatings, { maximumFractionDigits: 1, minimumFractionDigits: 1 })}/5
          </Typography>
          <Rating
            readOnly
            precision={0.1}
            value={data.totalRatings}
            aria-label={t('products.reviews.stars', { value: data.totalRatings })}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('products.reviews.count', { count: data.totalReviews })}
          </Typography>
        </Stack>
        <Stack
          spacing={1.5}
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label={t('products.reviews.breakdown')}
        >
          {[...data.ratings].reverse().map((rating) => {
            const stars = Number.parseInt(rating.name, 10);
            return (
              <Stack
                component="li"
                key={rating.name}
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center' }}
              >
                <Typography variant="subtitle2" sx={{ width: 64 }}>
                  {t('products.reviews.starLabel', { count: stars })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={(rating.starCount / most) * 100}
                  color="inherit"
                  aria-label={t('products.reviews.starLabel', { count: stars })}
                  sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
                />
                <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 32, textAlign: 'end' }}>
                  {fNumber(rating.reviewCount)}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
        <Stack sx={{ alignItems: 'center' }}>
          <Button variant="outlined" color="inherit" size="large" onClick={() => setWriting(true)}>
            {data.mine ? t('products.reviews.edit') : t('products.reviews.write')}
          </Button>
        </Stack>
      </Box>
      <Divider />
      <Stack
        component="ul"
        spacing={3}
        sx={{ listStyle: 'none', m: 0, p: 0, py: 3 }}
        aria-label={t('products.reviews.list')}
      >
        {data.reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
        {data.reviews.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('products.reviews.none')}
          </Typography>
        )}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_e, next) => setPage(next)}
          sx={{ display: 'flex', justifyContent: 'center' }}
        />
      )}
      {writing && <ReviewDialog productId={productId} mine={data.mine} onClose={() => setWriting(false)} />}
    </Box>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation();
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Stack
        direction={{ xs: 'row', sm: 'column' }}
        spacing={1.5}
        sx={{ width: { sm: 200 }, flexShrink: 0, alignItems: { xs: 'center', sm: 'center' } }}
      >
        <Avatar src={review.avatarUrl ?? undefined} alt="" sx={{ width: { sm: 48 }, height: { sm: 48 } }}>
          {review.name.charAt(0)}
        </Avatar>
        <Box sx={{ textAlign: { sm: 'center' } }}>
          <Typography variant="subtitle2" noWrap>
            {review.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {fRelativeTime(review.postedAt)}
          </Typography>
        </Box>
      </Stack>
      <Stack spacing={1} sx={{ flexGrow: 1 }}>
        <Rating
          readOnly
          size="small"
          value={review.rating}
          aria-label={t('products.reviews.stars', { value: review.rating })}
        />
        {review.isPurchased && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
            <VerifiedOutlined sx={{ fontSize: 16 }} />
            <Typography variant="caption">{t('products.reviews.verified')}</Typography>
          </Stack>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {review.comment}
        </Typography>
      </Stack>
    </Stack>
  );
}

function ReviewDialog({
  productId,
  mine,
  onClose,
}: {
  productId: string;
  mine: Review | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const post = usePostReview(productId);
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return setProblem(t('products.reviews.ratingRequired'));
    if (!comment.trim()) return setProblem(t('products.reviews.commentRequired'));
    post.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(t('products.reviews.posted'), { variant: 'success' });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('products.reviews.dialogTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{t('products.reviews.yourRating')}</Typography>
            <Rating name="rating" value={rating} onChange={(_event, value) => setRating(value)} />
          </Stack>
          <TextField
            label={t('products.reviews.comment')}
            multiline
            minRows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('products.reviews.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={post.isPending}>
            {t('products.reviews.post')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import {
  bookingPaymentMethods,
  RANGE_DAYS_MAX,
  type AvailabilityItem,
  type Booking,
  type BookingPaymentMethod,
  type CreateBookingInput,
  type Listing,
} from '#shared/contract/booking.ts';

import { snackbarAction } from '../../../components/snackbar/snackbar-action.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, mayHaveTakenEffect, newIdempotencyKey } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { BOOKING_KEY_PREFIX, useAvailability, useCreateBooking } from '../api/booking-api.ts';
import { AvailabilityCalendar, type DayState } from './availability-calendar.tsx';
import {
  addDays,
  daysBetween,
  fListingDay,
  fListingTime,
  monthOf,
  previewPrice,
  todayIn,
} from './listing-time.ts';

/** The request an attempt sends, and the key it was sent with (a retry of the same request sends it again). */
type Attempt = { key: string; signature: string };

/**
 * A listing's calendar of free slots or days and the form that books it (issue 29 B, ADR 053).
 *
 * - Slot mode (tours, courses): pick a day with places left, then one of its times (with the places left).
 * - Range mode (rooms, equipment): pick a check-in day, then a check-out day (the days between must be open
 *   with places left; at most RANGE_DAYS_MAX days).
 *
 * Then guests (1 … the places left), the payment method, and a price preview (price × guests × periods, as
 * the server computes it); "Book" asks to confirm, and the server's answer is the truth: its total, or its
 * refusal (409 FULL with the places left, NOTICE) shown here. Days and times are the listing's zone's.
 */
export function BookingForm({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateBooking();
  const isRange = listing.mode === 'range';
  const bookable = listing.status === 'published';
  const zone = listing.timeZone;
  const today = todayIn(zone);

  const [month, setMonth] = useState(() => monthOf(today).from);
  /** Slot mode: the day picked; range mode: the check-in day. */
  const [day, setDay] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [checkOut, setCheckOut] = useState<string | null>(null);
  const [guestsInput, setGuestsInput] = useState('1');
  const [paymentMethod, setPaymentMethod] = useState<BookingPaymentMethod>('cash');
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);

  // Range mode with a check-in: the days a stay from it may take (the check-out may be in a later month);
  // otherwise the month shown.
  const span = isRange && day !== null ? { from: day, to: addDays(day, RANGE_DAYS_MAX - 1) } : monthOf(month);
  const availability = useAvailability(listing.id, span.from, span.to);
  const current = !availability.isPlaceholderData && availability.data !== undefined;
  const byDay = useMemo(() => {
    const map = new Map<string, AvailabilityItem[]>();
    for (const item of availability.data?.items ?? []) {
      const items = map.get(item.day);
      if (items) items.push(item);
      else map.set(item.day, [item]);
    }
    return map;
  }, [availability.data]);

  const stateOf = (d: string): DayState => {
    const items = byDay.get(d);
    if (!items) return current && d >= span.from && d <= span.to ? 'closed' : 'unknown';
    return items.some((item) => item.bookable) ? 'free' : 'full';
  };

  // Range mode: the last check-out day a stay from the check-in may have (every day before it free).
  const lastCheckOut = useMemo(() => {
    if (!isRange || day === null) return null;
    let last = day;
    for (let i = 0; i < RANGE_DAYS_MAX; i++) {
      const d = addDays(day, i);
      const item = byDay.get(d)?.[0];
      if (!item || item.placesLeft === 0 || (i === 0 && !item.bookable)) break;
      last = addDays(d, 1);
    }
    return last === day ? null : last;
  }, [isRange, day, byDay]);

  const selectable = (d: string) => {
    if (isRange && day !== null && checkOut === null) {
      return d === day || (lastCheckOut !== null && d > day && d <= lastCheckOut);
    }
    return stateOf(d) === 'free';
  };

  const slots = !isRange && day !== null ? (byDay.get(day) ?? []) : [];
  const slot = slots.find((item) => item.startsAt === startsAt) ?? null;
  const stayDays = isRange && day !== null && checkOut !== null ? daysBetween(day, checkOut) : 0;
  const placesLeft: number | null = isRange
    ? stayDays > 0
      ? Math.min(
          ...Array.from(
            { length: stayDays },
            (_, i) => byDay.get(addDays(day as string, i))?.[0]?.placesLeft ?? 0,
          ),
        )
      : null
    : slot
      ? slot.bookable
        ? slot.placesLeft
        : 0
      : null;
  const maxGuests = Math.max(1, placesLeft ?? listing.capacity);
  const guests = Number(guestsInput);
  const guestsValid = /^\d+$/.test(guestsInput.trim()) && guests >= 1 && guests <= maxGuests;
  const chosen = isRange ? stayDays > 0 : slot !== null;
  const periods = isRange ? Math.max(1, stayDays) : 1;
  const preview = previewPrice(listing, guestsValid ? guests : 1, periods);
  const ready = bookable && chosen && (placesLeft ?? 0) > 0 && guestsValid;

  const clearOutcome = () => {
    setRefusal(null);
    setBooked(null);
  };
  const pick = (d: string) => {
    clearOutcome();
    if (!isRange) {
      setDay(d);
      setStartsAt(null);
    } else if (day === null || checkOut !== null) {
      setDay(d);
      setCheckOut(null);
    } else if (d === day) {
      setDay(null);
    } else {
      setCheckOut(d);
    }
  };
  const clearDates = () => {
    clearOutcome();
    setDay(null);
    setCheckOut(null);
    setStartsAt(null);
  };

  const input = (): Omit<CreateBookingInput, 'idempotencyKey'> | null => {
    if (!ready || day === null) return null;
    const base = { listingId: listing.id, guests, paymentMethod };
    if (isRange) return checkOut === null ? null : { ...base, from: day, to: checkOut };
    return slot ? { ...base, startsAt: slot.startsAt } : null;
  };

  const openConfirm = () => {
    const request = input();
    if (!request) return;
    const signature = JSON.stringify(request);
    // A new attempt gets a new key; the same request again (after a dropped connection) keeps its key.
    setAttempt((previous) =>
      previous?.signature === signature
        ? previous
        : { key: newIdempotencyKey(BOOKING_KEY_PREFIX), signature },
    );
    clearOutcome();
    setConfirming(true);
  };

  const refusalOf = (error: unknown): string => {
    if (error instanceof ApiError && error.code === 'FULL') {
      const left = typeof error.body.placesLeft === 'number' ? error.body.placesLeft : 0;
      return left > 0 ? t('booking.listings.full', { count: left }) : t('booking.listings.fullNone');
    }
    if (error instanceof ApiError && error.code === 'NOTICE') {
      return t('booking.listings.notice', { count: listing.bookingNoticeHours });
    }
    return errorMessage(error, t);
  };

  const confirm = () => {
    const request = input();
    if (!request || !attempt) return;
    create.mutate(
      { ...request, idempotencyKey: attempt.key },
      {
        onSuccess: (booking) => {
          setConfirming(false);
          setAttempt(null);
          setBooked(booking);
          setStartsAt(null);
          setCheckOut(null);
          if (isRange) setDay(null);
          setGuestsInput('1');
          enqueueSnackbar(t('booking.listings.booked', { number: booking.number }), {
            variant: 'success',
            action: snackbarAction(
              t('booking.listings.viewBooking'),
              () => void navigate(paths.dashboard.booking.details(booking.id)),
            ),
          });
        },
        onError: (error) => {
          setConfirming(false);
          setRefusal(refusalOf(error));
          // A refusal is final for this request; a dropped connection or a server failure may be retried
          // with the same key (the server answers the first attempt if it got through).
          if (!mayHaveTakenEffect(error)) setAttempt(null);
        },
      },
    );
  };

  const whenText = (): string => {
    if (isRange) {
      return day !== null && checkOut !== null
        ? t('booking.listings.stay', {
            from: fListingDay(day, 'medium'),
            to: fListingDay(checkOut, 'medium'),
            count: stayDays,
          })
        : '';
    }
    return slot && day !== null
      ? `${fListingDay(day)}, ${fListingTime(slot.startsAt, zone)} – ${fListingTime(slot.endsAt, zone)}`
      : '';
  };

  const ids = { slots: useId(), payment: useId() };
  const zoneText = t('booking.listings.timeZone', { zone });

  return (
    <Stack spacing={3} component="section" aria-label={t('booking.listings.bookTitle')}>
      <Typography variant="h6" component="h2">
        {t('booking.listings.bookTitle')}
      </Typography>
      {!bookable && <Alert severity="info">{t('booking.listings.draftNotice')}</Alert>}

      {availability.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void availability.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(availability.error, t)}
        </Alert>
      )}

      <Box>
        <AvailabilityCalendar
          label={t('booking.listings.calendar')}
          initialMonth={month}
          minDay={today}
          stateOf={stateOf}
          selectable={selectable}
          value={isRange ? (checkOut ?? day) : day}
          range={isRange && day !== null ? { from: day, to: checkOut } : null}
          loading={availability.isFetching}
          onPick={pick}
          onMonthChange={(next) => {
            setMonth(next);
            if (!isRange) {
              setDay(null);
              setStartsAt(null);
            }
          }}
        />
        {/* The days are the listing's; a day's times say their zone beside them. */}
        {(isRange || day === null) && (
          <Typography
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', textAlign: 'center', mt: 1 }}
          >
            {zoneText}
          </Typography>
        )}
      </Box>

      {isRange ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={2}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
                {t('booking.listings.checkIn')}
              </Typography>
              <Typography variant="subtitle2" component="p">
                {day ? fListingDay(day, 'medium') : '—'}
              </Typography>
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
                {t('booking.listings.checkOut')}
              </Typography>
              <Typography variant="subtitle2" component="p">
                {checkOut ? fListingDay(checkOut, 'medium') : '—'}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }} role="status">
              {day === null
                ? t('booking.listings.pickCheckIn')
                : checkOut === null
                  ? lastCheckOut === null
                    ? t('booking.listings.noStay')
                    : t('booking.listings.pickCheckOut')
                  : t('booking.listings.placesLeft', { count: placesLeft ?? 0 })}
            </Typography>
            {day !== null && (
              <Button size="small" color="inherit" onClick={clearDates}>
                {t('booking.listings.clearDates')}
              </Button>
            )}
          </Stack>
        </Stack>
      ) : day === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
          {t('booking.listings.pickDay')}
        </Typography>
      ) : (
        <FormControl>
          <FormLabel id={ids.slots}>{t('booking.listings.timesOn', { day: fListingDay(day) })}</FormLabel>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {zoneText}
          </Typography>
          {slots.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('booking.listings.noTimes')}
            </Typography>
          ) : (
            <RadioGroup
              aria-labelledby={ids.slots}
              value={startsAt ?? ''}
              onChange={(event) => {
                clearOutcome();
                setStartsAt(event.target.value);
              }}
            >
              {slots.map((item) => (
                <FormControlLabel
                  key={item.startsAt}
                  value={item.startsAt}
                  disabled={!item.bookable}
                  control={<Radio />}
                  label={
                    <>
                      <Box component="span" sx={{ typography: 'subtitle2' }}>
                        {fListingTime(item.startsAt, zone)} – {fListingTime(item.endsAt, zone)}
                      </Box>
                      {' · '}
                      <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
                        {item.placesLeft === 0
                          ? t('booking.listings.slotFull')
                          : item.bookable
                            ? t('booking.listings.placesLeft', { count: item.placesLeft })
                            : t('booking.listings.tooSoon')}
                      </Box>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          )}
        </FormControl>
      )}

      <Divider />

      <TextField
        type="number"
        label={t('booking.listings.guests')}
        value={guestsInput}
        onChange={(event) => {
          clearOutcome();
          setGuestsInput(event.target.value);
        }}
        error={!guestsValid}
        helperText={
          guestsValid
            ? t('booking.listings.guestsHelp', { count: maxGuests })
            : t('booking.listings.guestsInvalid', { max: maxGuests })
        }
        slotProps={{ htmlInput: { min: 1, max: maxGuests, step: 1, inputMode: 'numeric' } }}
      />

      <FormControl>
        <FormLabel id={ids.payment}>{t('booking.listings.payment')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={ids.payment}
          value={paymentMethod}
          onChange={(event) => setPaymentMethod(event.target.value as BookingPaymentMethod)}
        >
          {bookingPaymentMethods.map((method) => (
            <FormControlLabel
              key={method}
              value={method}
              control={<Radio />}
              label={t(`booking.paymentMethods.${method}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Box>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="subtitle1">{t('booking.listings.estimatedTotal')}</Typography>
          <Typography variant="h5" component="p" aria-label={t('booking.listings.estimatedTotal')}>
            {money(preview, listing.currency)}
          </Typography>
        </Stack>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {[
            `${money(listing.priceCents, listing.currency)} ${t(`booking.priceUnits.${listing.priceUnit}`)}`,
            listing.priceUnit === 'person'
              ? t('booking.listings.guestsCount', { count: guestsValid ? guests : 1 })
              : null,
            isRange ? t('booking.listings.daysCount', { count: periods }) : null,
          ]
            .filter(Boolean)
            .join(' × ')}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('booking.listings.priceNote')}
        </Typography>
      </Box>

      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      {booked && (
        <Alert
          severity="success"
          action={
            <Button
              component={RouterLink}
              to={paths.dashboard.booking.details(booked.id)}
              color="inherit"
              size="small"
            >
              {t('booking.listings.viewBooking')}
            </Button>
          }
        >
          {t('booking.listings.bookedTotal', {
            number: booked.number,
            total: money(booked.priceCents, booked.currency),
          })}
        </Alert>
      )}

      <Button
        size="large"
        variant="contained"
        startIcon={<EventAvailableOutlined />}
        disabled={!ready}
        onClick={openConfirm}
      >
        {t('booking.listings.book')}
      </Button>

      <Dialog
        open={confirming}
        onClose={create.isPending ? undefined : () => setConfirming(false)}
        aria-labelledby={`${ids.payment}-confirm`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${ids.payment}-confirm`}>{t('booking.listings.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Stack component="dl" spacing={1.5} sx={{ m: 0, '& dd': { m: 0, typography: 'subtitle2' } }}>
            {[
              [t('booking.listings.summaryListing'), listing.name],
              [t('booking.listings.summaryWhen'), whenText()],
              [t('booking.listings.summaryTimeZone'), zone],
              [t('booking.listings.guests'), String(guestsValid ? guests : '')],
              [t('booking.listings.payment'), t(`booking.paymentMethods.${paymentMethod}`)],
              [t('booking.listings.estimatedTotal'), money(preview, listing.currency)],
            ].map(([term, value]) => (
              <Box key={term}>
                <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                  {term}
                </Typography>
                <Box component="dd" dir="auto">
                  {value}
                </Box>
              </Box>
            ))}
          </Stack>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
            {t('booking.listings.priceNote')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => setConfirming(false)}
            disabled={create.isPending}
          >
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={confirm} loading={create.isPending}>
            {t('booking.listings.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

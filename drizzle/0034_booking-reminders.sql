-- The reminder mail the day before a booking (booking.reminders.ts, ADR 053): the job claims a booking by
-- setting reminded_at where it is still null, so two instances running it at once mail its person once.
ALTER TABLE "booking_bookings" ADD COLUMN "reminded_at" timestamp with time zone;

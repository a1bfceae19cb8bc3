import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { openSignedIn, registerPerson, signIn, type Person } from './support/people.ts';

/**
 * Booking (issue 29 B and C): a person books a slot and the administrator's open overview and list change
 * without a reload; the administrator confirms and checks the booking in; the person reviews it and the
 * administrator accepts the review from the overview. The pages in five languages (the calendar's first day
 * of the week per language), Arabic right to left, dark, on a phone, without serious axe violations.
 */

const api = (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const res = await request.get(`/api/booking${path}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown = {}) => {
      const res = await request.post(`/api/booking${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
  };
};

type Listing = { id: string; name: string };
type Booking = { id: string; number: string; status: string };

const allWeek = (startMinute: number, endMinute: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

/** A published tour of hour-long slots from 09:00 to 17:00 UTC every day, 6 places each. */
async function newTour(request: APIRequestContext, adminToken: string, name: string) {
  const { listing } = await api(request, adminToken).post<{ listing: Listing }>('/listings', {
    name,
    kind: 'tour',
    mode: 'slot',
    description: '<p>A walk through the old town.</p>',
    location: 'Old town square',
    priceCents: 2_500,
    priceUnit: 'person',
    capacity: 6,
    durationMinutes: 60,
    timeZone: 'UTC',
    status: 'published',
    hours: allWeek(9 * 60, 17 * 60),
  });
  return listing;
}

/** Tomorrow, as the listing's (UTC) calendar shows it. */
function tomorrow() {
  const day = new Date(Date.now() + 86_400_000);
  return { day, nextMonth: day.getUTCMonth() !== new Date().getUTCMonth() };
}

/** Picks tomorrow in the listing's availability calendar and its first time. */
async function pickTomorrowsFirstSlot(page: Page) {
  const calendar = page.getByRole('group', { name: 'Availability' });
  const { day, nextMonth } = tomorrow();
  if (nextMonth) await calendar.getByRole('button', { name: 'Next month' }).click();
  await calendar.getByRole('gridcell', { name: String(day.getUTCDate()), exact: true }).click();
  const times = page.getByRole('radiogroup', { name: /^Times on / });
  await expect(times.getByRole('radio').first()).toBeEnabled();
  await times.getByRole('radio').first().check();
}

async function adminOn(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signIn(page.request);
  await openSignedIn(page, token, path);
  return { page, token, close: () => context.close() };
}

async function personOn(browser: Browser, firstName: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, {
    firstName,
    lastName: `Booker${Date.now()}`,
    prefix: firstName.toLowerCase(),
  });
  await openSignedIn(page, person.accessToken, path);
  return { page, person, close: () => context.close() };
}

const widget = (page: Page, id: string) => page.locator(`[data-widget="${id}"]`);

test('a person books a slot: the administrator’s overview and list change live; check-in; review accepted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminOn(browser, '/dashboard/booking');
  const tour = await newTour(admin.page.request, admin.token, `Harbour walk ${Date.now()}`);
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Booking' })).toBeVisible();
  // Figures count bookings by the day they start (a slot tomorrow is outside "the last 30 days"); the newest
  // bookings show every new one, first.
  const newest = widget(admin.page, 'newest-booking');
  await expect(newest).toBeVisible();

  const person: { page: Page; person: Person; close: () => Promise<void> } = await personOn(
    browser,
    'Bea',
    `/dashboard/booking/listings/${tour.id}`,
  );
  const { page } = person;

  // The administrator's second tab: the bookings list, searching for the person (none yet).
  const listPage = await admin.page.context().newPage();
  await listPage.goto(`/dashboard/booking/list?search=${encodeURIComponent(person.person.email)}`);
  await expect(listPage.getByText('No bookings match these filters.')).toBeVisible();
  const grid = listPage.getByRole('grid', { name: 'Bookings' });

  // The person books two places on tomorrow's first slot.
  await expect(page.getByRole('heading', { level: 1, name: tour.name })).toBeVisible();
  await pickTomorrowsFirstSlot(page);
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('2');
  await page.getByRole('radio', { name: 'Cash' }).check();
  await expect(page.getByLabel('Estimated total')).toHaveText('$50.00');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await expect(confirm.getByText(tour.name)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/^Booked: BK-\d+/)).toBeVisible();

  const { bookings } = await api(page.request, person.person.accessToken).get<{ bookings: Booking[] }>(
    '/bookings',
  );
  expect(bookings).toHaveLength(1);
  const booking = bookings[0]!;
  expect(booking.status).toBe('pending');

  // Without a reload: the list shows the new booking, and so does the overview.
  await expect(grid.getByText(booking.number)).toBeVisible({ timeout: 15_000 });
  await expect(grid.getByText(person.person.name)).toBeVisible();
  await expect(newest.getByText(new RegExp(`^${booking.number} · `))).toBeVisible({ timeout: 15_000 });

  // The administrator confirms, checks the guests in and completes the booking from its page.
  await listPage.goto(`/dashboard/booking/${booking.id}`);
  const actions = listPage.getByRole('group', { name: 'Booking actions' });
  await actions.getByRole('button', { name: 'Confirm' }).click();
  await expect(listPage.getByText('Booking confirmed')).toBeVisible();
  await actions.getByRole('button', { name: 'Check in' }).click();
  await expect(listPage.getByText('Guest checked in')).toBeVisible();
  const timeline = listPage.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Checked in')).toBeVisible();
  await actions.getByRole('button', { name: 'Complete' }).click();
  await expect(listPage.getByText('Booking completed')).toBeVisible();

  // The person's open booking page follows, and the review form appears; they review it.
  await page.goto(`/dashboard/booking/${booking.id}`);
  const review = page.getByRole('region', { name: 'Review' });
  await review.locator('label', { hasText: '5 out of 5' }).click();
  await review.getByRole('textbox', { name: 'Your review' }).fill('Lovely walk, great guide.');
  await review.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();

  // The administrator's overview lists the review as waiting, live; Accept publishes it.
  const waiting = widget(admin.page, 'customer-reviews');
  const card = waiting.getByText('Lovely walk, great guide.');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await waiting.getByRole('button', { name: 'Accept' }).first().click();
  await expect(card).toBeHidden();
  const { reviews } = await api(admin.page.request, admin.token).get<{
    reviews: Array<{ text: string; status: string }>;
  }>(`/listings/${tour.id}/reviews`);
  expect(reviews.map((r) => r.text)).toEqual(['Lovely walk, great guide.']);

  await person.close();
  await admin.close();
});

test('the listing’s calendar starts the week as each of the five languages does', async ({ page }) => {
  const token = await signIn(page.request);
  const tour = await newTour(page.request, token, `Week start ${Date.now()}`);
  await openSignedIn(page, token, `/dashboard/booking/listings/${tour.id}`);
  // The calendar's name in the language, and its first column: Sunday, Monday (fr, vi, cn), Saturday (ar).
  for (const [language, name, firstDay] of [
    ['en', 'Availability', /Sunday/i],
    ['fr', 'Disponibilités', /lundi/i],
    ['vi', 'Lịch trống', /thứ hai/i],
    ['cn', '可预订日期', /星期一/],
    ['ar', 'المواعيد المتاحة', /السبت/],
  ] as const) {
    await page.evaluate((value) => window.localStorage.setItem('i18nextLng', value), language);
    await page.reload();
    const calendar = page.getByRole('group', { name });
    await expect(calendar, language).toBeVisible();
    await expect(calendar.getByRole('columnheader').first(), language).toHaveAttribute(
      'aria-label',
      firstDay,
    );
  }
});

test('booking pages on a phone, in Arabic, dark: right to left, no serious axe violation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL ?? '' },
    { name: 'themeDirection', value: 'rtl', url: baseURL ?? '' },
  ]);
  const page = await context.newPage();
  const token = await signIn(page.request);
  const tour = await newTour(page.request, token, `Phone tour ${Date.now()}`);
  await openSignedIn(page, token, '/dashboard/booking');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  for (const [path, heading] of [
    ['/dashboard/booking', 'الحجز'],
    ['/dashboard/booking/listings', 'العروض'],
    [`/dashboard/booking/listings/${tour.id}`, tour.name],
    ['/dashboard/booking/list', 'الحجوزات'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, `booking ${path} dark rtl phone`, { include: 'main' });
  }
  await context.close();
});

import { describe, expect, it } from 'vitest';

import {
  NOT_CANCELLED,
  ordersOfDays,
  ordersOfMonth,
  shopOf,
  SOLD,
  SOLD_OR_REFUNDED,
} from './ecommerce-links.ts';
import { startOfDayIn } from '../../../components/date-range/dashboard-range.ts';

const query = (link: string) => Object.fromEntries(new URL(link, 'http://localhost').searchParams);

describe('the instant a day starts in a time zone', () => {
  it.each([
    ['2026-03-01', 'Asia/Tokyo', '2026-03-01T00:00:00+09:00'],
    ['2026-03-01', 'UTC', '2026-03-01T00:00:00+00:00'],
    ['2026-03-01', 'Asia/Kolkata', '2026-03-01T00:00:00+05:30'],
    ['2026-01-01', 'America/St_Johns', '2026-01-01T00:00:00-03:30'],
    ['2026-07-01', 'America/St_Johns', '2026-07-01T00:00:00-02:30'],
    ['2026-01-01', 'Pacific/Chatham', '2026-01-01T00:00:00+13:45'],
    // Clocks change at 2:00: the day still starts at midnight, with the offset of before.
    ['2026-03-08', 'America/New_York', '2026-03-08T00:00:00-05:00'],
    ['2026-03-09', 'America/New_York', '2026-03-09T00:00:00-04:00'],
    ['2026-11-01', 'America/New_York', '2026-11-01T00:00:00-04:00'],
    // Chile moves its clocks at midnight: 6 September has no 00:00 and starts at 01:00; 5 April's
    // midnight at -03:00 never happens (23:00 comes again), so it starts at 00:00 -04:00.
    ['2026-09-06', 'America/Santiago', '2026-09-06T01:00:00-03:00'],
    ['2026-04-05', 'America/Santiago', '2026-04-05T00:00:00-04:00'],
  ])('%s in %s starts at %s', (day, zone, start) => {
    expect(startOfDayIn(day, zone)).toBe(start);
    expect(Date.parse(start)).not.toBeNaN();
  });
});

describe('the overview’s drill-down links', () => {
  it("opens a month's orders, December running to the new year", () => {
    const link = ordersOfMonth('2026-12', 'Asia/Tokyo', 'refunded');
    expect(link.startsWith('/dashboard/order/list?')).toBe(true);
    expect(query(link)).toEqual({
      status: 'refunded',
      startDate: '2026-12-01T00:00:00+09:00',
      endDate: '2027-01-01T00:00:00+09:00',
    });
  });

  it("opens a range's orders up to the end of its last day, with a search", () => {
    expect(
      query(ordersOfDays('2026-03-03', '2026-04-01', 'America/New_York', { search: 'Grace Hopper' })),
    ).toEqual({
      startDate: '2026-03-03T00:00:00-05:00',
      endDate: '2026-04-02T00:00:00-04:00',
      search: 'Grace Hopper',
    });
  });

  it('opens the orders of several statuses, as one comma list the orders list reads', () => {
    expect(query(ordersOfMonth('2026-03', 'UTC', SOLD))).toEqual({
      status: 'paid,completed',
      startDate: '2026-03-01T00:00:00+00:00',
      endDate: '2026-04-01T00:00:00+00:00',
    });
    expect(query(ordersOfDays('2026-03-01', '2026-03-31', 'UTC', { status: NOT_CANCELLED })).status).toBe(
      'pending,paid,completed,refunded',
    );
    expect(query(ordersOfDays('2026-01-01', '2026-12-31', 'UTC', { status: SOLD_OR_REFUNDED })).status).toBe(
      'paid,completed,refunded',
    );
    // No status at all is every order, not an empty filter.
    expect(query(ordersOfDays('2026-03-01', '2026-03-31', 'UTC', { status: [] }))).not.toHaveProperty(
      'status',
    );
  });

  it("opens one customer's sales of the range", () => {
    const id = '0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b';
    expect(
      query(ordersOfDays('2026-03-01', '2026-03-31', 'Asia/Tokyo', { status: SOLD, customer: id })),
    ).toEqual({
      status: 'paid,completed',
      customer: id,
      startDate: '2026-03-01T00:00:00+09:00',
      endDate: '2026-04-01T00:00:00+09:00',
    });
  });

  it('opens the shop filtered to a category or to who products are for', () => {
    expect(shopOf({ category: 'Backpacks and bags' })).toBe(
      '/dashboard/e-commerce/shop?category=Backpacks+and+bags',
    );
    expect(shopOf({ gender: 'Women' })).toBe('/dashboard/e-commerce/shop?gender=Women');
  });
});

import { describe, expect, it } from 'vitest';

import { loginPathWithReturnTo, safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard/mail?label=inbox', '/dashboard/mail?label=inbox'],
    ['/dashboard/app', '/dashboard/app'],
    ['/dashboard/user/list#top', '/dashboard/user/list#top'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['dashboard'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['https://evil.example/dashboard'],
    ['javascript:alert(1)'],
    ['/dash\nboard'],
  ])('rejects %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('builds the sign-in link with an encoded returnTo', () => {
    expect(loginPathWithReturnTo('/auth/login', '/dashboard/mail?a=1&b=2')).toBe(
      '/auth/login?returnTo=%2Fdashboard%2Fmail%3Fa%3D1%26b%3D2',
    );
  });
});

import { describe, expect, it } from 'vitest';

import { mySessions, postsOfAuthor, usersCreatedIn, usersSignedInOn } from './app-links.ts';

const query = (link: string) => Object.fromEntries(new URL(link, 'http://localhost').searchParams);

describe('the app overview’s drill-down links', () => {
  it('opens the people who signed in from a device in the range, up to the end of its last day', () => {
    const link = usersSignedInOn('mobile', '2026-03-03', '2026-04-01', 'America/New_York');
    expect(link.startsWith('/dashboard/user/list?')).toBe(true);
    expect(query(link)).toEqual({
      device: 'mobile',
      signedInFrom: '2026-03-03T00:00:00-05:00',
      signedInTo: '2026-04-02T00:00:00-04:00',
    });
  });

  it('opens one’s own sessions on the account’s Security tab', () => {
    expect(mySessions).toBe('/dashboard/user/account?tab=security');
  });

  it('opens an author’s published posts', () => {
    const id = '0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b';
    const link = postsOfAuthor(id);
    expect(link.startsWith('/dashboard/blog/posts?')).toBe(true);
    expect(query(link)).toEqual({ author: id, tab: 'published' });
  });

  it('opens the accounts created in the range, of a country', () => {
    expect(query(usersCreatedIn('2026-03-01', '2026-03-31', 'Asia/Tokyo', 'France'))).toEqual({
      country: 'France',
      createdFrom: '2026-03-01T00:00:00+09:00',
      createdTo: '2026-04-01T00:00:00+09:00',
    });
  });
});

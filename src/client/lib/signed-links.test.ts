import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from './query-client.ts';
import { LINK_REFRESH_MARGIN_MS, earliestLinkExpiry } from './signed-links.ts';

const link = (expSeconds: number, id = '6f1c2a52-1b43-4a8e-9d52-1c0d6c1f3b11') =>
  `/api/files/${id}/content?exp=${expSeconds}&sig=${'a'.repeat(43)}`;

describe('signed links in query answers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('finds the first expiry anywhere in an answer, and none without links', () => {
    const answer = {
      board: {
        cards: { a: { cover: link(2_000) }, b: { cover: null } },
        attachments: [{ url: link(1_500) }, { url: '/api/uploads/0123456789abcdef0123456789abcdef.webp' }],
      },
    };
    expect(earliestLinkExpiry(answer)).toBe(1_500_000);
    expect(earliestLinkExpiry({ user: { avatarUrl: '/api/uploads/x.webp' }, n: 3 })).toBeNull();
    expect(earliestLinkExpiry(null)).toBeNull();
    expect(earliestLinkExpiry(`<a href="${link(9)}">x</a> ${link(7)}`)).toBe(7_000);
  });

  it('finds the file manager’s per-person item links too', () => {
    const id = '6f1c2a52-1b43-4a8e-9d52-1c0d6c1f3b11';
    const item = (exp: number) =>
      `/api/files/items/${id}/content?u=0e2f6c1a-1b43-4a8e-9d52-1c0d6c1f3b12&exp=${exp}&sig=${'b'.repeat(43)}`;
    expect(earliestLinkExpiry({ item: { url: item(3_000), downloadUrl: `${item(2_500)}&download=1` } })).toBe(
      2_500_000,
    );
    expect(earliestLinkExpiry({ link: `/files/s/abc?exp=5` })).toBeNull();
  });

  it('an open query holding links asks again before they expire; one without links never does', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let served = 0;
    const withLinks = vi.fn(async () => {
      served++;
      // What the server does: a link valid 2½ to 5 minutes from now.
      return { attachments: [{ url: link(Math.floor(Date.now() / 1000) + 150 + (served % 2) * 150) }] };
    });
    const withoutLinks = vi.fn(async () => ({ name: 'Launch', cover: null }));
    const observers = [
      new QueryObserver(client, { queryKey: ['kanban', 'card'], queryFn: withLinks }),
      new QueryObserver(client, { queryKey: ['kanban', 'plain'], queryFn: withoutLinks }),
    ];
    const stop = observers.map((observer) => observer.subscribe(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(withLinks).toHaveBeenCalledTimes(1);
    const first = earliestLinkExpiry(client.getQueryData(['kanban', 'card']))!;

    // Not before the margin ahead of the first expiry…
    await vi.advanceTimersByTimeAsync(first - Date.now() - LINK_REFRESH_MARGIN_MS - 1_000);
    expect(withLinks).toHaveBeenCalledTimes(1);
    // …and then, so the links the page holds are always valid.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(withLinks).toHaveBeenCalledTimes(2);
    expect(earliestLinkExpiry(client.getQueryData(['kanban', 'card']))!).toBeGreaterThan(Date.now());

    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(withLinks.mock.calls.length).toBeGreaterThanOrEqual(8);
    expect(withoutLinks).toHaveBeenCalledTimes(1);
    stop.forEach((unsubscribe) => unsubscribe());
    client.clear();
  });
});

import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { PageTitle, useTitleCount } from './page-title.tsx';

function Shell({ count, children }: { count: number; children?: ReactNode }) {
  useTitleCount(count);
  return children;
}

describe('PageTitle', () => {
  it('starts the tab title with the count the shell sets, and drops it when the shell goes', async () => {
    const { rerender, unmount } = render(
      <Shell count={3}>
        <PageTitle title="Chat" />
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('(3) Chat | Atrium'));

    rerender(
      <Shell count={120}>
        <PageTitle title="Chat" />
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('(99+) Chat | Atrium'));

    rerender(
      <Shell count={0}>
        <PageTitle title="Chat" />
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('Chat | Atrium'));

    rerender(
      <>
        <Shell count={2} />
        <PageTitle title="Users" />
      </>,
    );
    await waitFor(() => expect(document.title).toBe('(2) Users | Atrium'));
    unmount();
    render(<PageTitle title="Sign in" />);
    await waitFor(() => expect(document.title).toBe('Sign in | Atrium'));
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderRoutes } from '../../testing/test-utils.tsx';
import { closeSnackbar, enqueueSnackbar } from './use-snackbar.ts';

beforeAll(async () => {
  await import('./snackbar-host.tsx');
});

const renderApp = () => renderRoutes([{ path: '/', element: <p>page</p> }]);

describe('toasts', () => {
  it('shows one toast for the same text asked for twice while it shows', async () => {
    renderApp();
    act(() => {
      enqueueSnackbar('Saved');
      enqueueSnackbar('Saved');
    });
    await screen.findByText('Saved');
    expect(screen.getAllByText('Saved')).toHaveLength(1);
    act(() => closeSnackbar());
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });

  it('shows the same text again when it is asked for while the first toast is closing, once that one has gone', async () => {
    renderApp();
    act(() => void enqueueSnackbar('Jane was updated'));
    const first = await screen.findByText('Jane was updated');

    // The first toast starts to close, and the same confirmation comes in during its exit.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => void enqueueSnackbar('Jane was updated'));
    // Never the same text twice on screen: the second waits for the first to leave.
    expect(screen.getAllByText('Jane was updated')).toEqual([first]);

    await waitFor(() => expect(first.isConnected).toBe(false));
    const second = await screen.findByText('Jane was updated');
    expect(second).not.toBe(first);
    expect(screen.getAllByText('Jane was updated')).toHaveLength(1);
    act(() => closeSnackbar());
    await waitFor(() => expect(screen.queryByText('Jane was updated')).toBeNull());
  });

  it('drops a toast that was waiting for its twin to leave when it is closed first', async () => {
    renderApp();
    act(() => void enqueueSnackbar('Saved'));
    await screen.findByText('Saved');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    let waiting: string | number = '';
    act(() => void (waiting = enqueueSnackbar('Saved')));
    act(() => closeSnackbar(waiting));
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    // Nothing comes back once the first has gone.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('Saved')).toBeNull();
  });
});

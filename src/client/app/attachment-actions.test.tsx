import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  AttachmentAction,
  AttachmentActionProvider,
} from '../components/attachment-action/attachment-action.tsx';
import { mockFetch } from '../testing/fetch-mock.ts';
import { renderRoutes } from '../testing/test-utils.tsx';
import { renderAttachmentAction } from './attachment-actions.tsx';

const attachment = { id: '00000000-0000-4000-8000-00000000e001', name: 'minutes.docx' };

describe('the app’s action on attachments', () => {
  it('is "Save to files" (loaded with the files texts) wherever an area shows an attachment', async () => {
    mockFetch([]);
    renderRoutes([
      {
        path: '/',
        element: (
          <AttachmentActionProvider render={renderAttachmentAction}>
            <AttachmentAction file={attachment} />
          </AttachmentActionProvider>
        ),
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Save minutes.docx to files' })).toBeTruthy();
  });

  it('is nothing without the app (an area rendered on its own)', async () => {
    mockFetch([]);
    renderRoutes([
      {
        path: '/',
        element: (
          <p>
            minutes.docx <AttachmentAction file={attachment} />
          </p>
        ),
      },
    ]);
    expect(await screen.findByText('minutes.docx')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

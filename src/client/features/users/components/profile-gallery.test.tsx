import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { UserImage } from '#shared/contract/users.ts';

import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { ProfileGallery } from './profile-gallery.tsx';

const photo: UserImage = {
  id: '00000000-0000-4000-8000-00000000a001',
  kind: 'photo',
  url: '/api/uploads/0123456789abcdef0123456789abcdef.webp',
  width: 120,
  height: 90,
  createdAt: '2026-03-04T10:00:00.000Z',
};
const cover: UserImage = {
  id: '00000000-0000-4000-8000-00000000a002',
  kind: 'cover',
  url: '/api/uploads/fedcba9876543210fedcba9876543210.webp',
  width: 300,
  height: 100,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** A fake gallery API holding `images`: GET the page, DELETE one, and GET my-account after a delete. */
function galleryApi(images: UserImage[]) {
  let stored = [...images];
  const galleryPath = `/api/users/${testUser.id}/gallery`;
  return mockFetch([
    {
      path: galleryPath,
      respond: () => jsonResponse({ images: stored, total: stored.length, page: 1, pageSize: 12 }),
    },
    ...images.map((image) => ({
      method: 'DELETE',
      path: `/api/account/gallery/${image.id}`,
      respond: () => {
        stored = stored.filter((i) => i.id !== image.id);
        return new Response(null, { status: 204 });
      },
    })),
    { path: '/api/account/my-account', respond: () => jsonResponse({ user: testUser }) },
  ]);
}

const renderGallery = () => renderRoutes([{ path: '/', element: <ProfileGallery userId={testUser.id} /> }]);

describe('ProfileGallery', () => {
  it('opens a picture in a dialog named by the picture', async () => {
    galleryApi([photo, cover]);
    const user = userEvent.setup();
    renderGallery();

    const gallery = await screen.findByRole('region', { name: 'Gallery' });
    await within(gallery).findAllByRole('listitem');
    await user.click(within(gallery).getByRole('button', { name: /^View photo uploaded on / }));

    // The dialog element itself carries the name (it had none: the label was put on the modal's root).
    const viewer = await screen.findByRole('dialog', { name: /^photo uploaded on / });
    const picture = within(viewer).getByRole('img', { name: /^photo uploaded on / });
    expect(picture.getAttribute('src')).toBe(photo.url);
  });

  it('deletes a picture only after the confirmation, and it leaves the grid', async () => {
    const api = galleryApi([photo, cover]);
    const user = userEvent.setup();
    renderGallery();

    const gallery = await screen.findByRole('region', { name: 'Gallery' });
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(2));
    const deleteCover = within(gallery).getByRole('button', { name: /^Delete cover uploaded on / });

    // Cancel: nothing is sent, both stay.
    await user.click(deleteCover);
    const confirm = await screen.findByRole('dialog', { name: 'Delete photo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE', `/api/account/gallery/${cover.id}`)).toHaveLength(0);
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(2);

    // Confirm: the cover is deleted and the grid keeps the photo only.
    await user.click(deleteCover);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete photo?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('The photo was deleted');
    expect(api.calls('DELETE', `/api/account/gallery/${cover.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(1));
    expect(within(gallery).queryByRole('button', { name: /^Delete cover uploaded on / })).toBeNull();
    within(gallery).getByRole('button', { name: /^Delete photo uploaded on / });
  });
});

import { useParams } from 'react-router';

import { PublicLinkView } from '../../../features/files/views/public-link-view.tsx';

/** /files/s/:token: a file or folder shared by link, for anyone (no sign-in). */
export function Component() {
  const { token = '' } = useParams();
  // A new token is a new page: no password or folder carried over.
  return <PublicLinkView key={token} token={token} />;
}

import { useParams } from 'react-router';

import { PostDetailsView } from '../../../../features/posts/views/post-details-view.tsx';

/**
 * `/dashboard/blog/post/{title}` (issue #14): by its URL name, a former one, or its title (the view sets
 * the tab's title to the post's).
 */
export function Component() {
  const { title = '' } = useParams();
  return <PostDetailsView key={title} slug={title} />;
}

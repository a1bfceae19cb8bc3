import Stack from '@mui/material/Stack';

import { useAuth } from '../../../lib/auth/use-auth.ts';
import { AreaShortcuts } from '../components/area-shortcuts.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';

type OverviewAppViewProps = {
  /** Whether a path leads to a page: shortcuts to pages of later issues stay hidden until they exist. */
  pageExists?: (path: string) => boolean;
};

/** /dashboard/app: the welcome card and links to the main areas. */
export function OverviewAppView({ pageExists }: OverviewAppViewProps) {
  const user = useAuth((state) => state.user);
  if (!user) return null;
  return (
    <Stack spacing={4}>
      <WelcomeCard user={user} />
      <AreaShortcuts pageExists={pageExists} />
    </Stack>
  );
}

import Stack from '@mui/material/Stack';

import { useAuth } from '../../../lib/auth/use-auth.ts';
import { AreaShortcuts } from '../components/area-shortcuts.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';

/** /dashboard/app: the welcome card and links to the main areas. */
export function OverviewAppView() {
  const user = useAuth((state) => state.user);
  if (!user) return null;
  return (
    <Stack spacing={4}>
      <WelcomeCard user={user} />
      <AreaShortcuts />
    </Stack>
  );
}

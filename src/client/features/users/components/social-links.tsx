import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { SocialLinks as Links } from '#shared/contract/users.ts';

export const socialIcons: Record<keyof Links, ReactNode> = {
  facebook: <Facebook sx={{ color: '#1877F2' }} />,
  instagram: <Instagram sx={{ color: '#E02D69' }} />,
  linkedin: <LinkedIn sx={{ color: '#007EBB' }} />,
  twitter: <X sx={{ color: 'text.primary' }} />,
};

const networks = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;

/** The user's profile links that are set, as icon links (opened in a new tab, no referrer). */
export function SocialLinks({ links, name }: { links: Links; name: string }) {
  const { t } = useTranslation();
  const set = networks.filter((network) => links[network]);
  if (set.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
      {set.map((network) => (
        <IconButton
          key={network}
          component="a"
          href={links[network]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('users.social.linkOf', { network: t(`users.social.${network}`), name })}
        >
          {socialIcons[network]}
        </IconButton>
      ))}
    </Stack>
  );
}

import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

import { initials } from '../utils/user-display.ts';

type UserAvatarProps = {
  name: string;
  src: string | null | undefined;
  size?: number;
  /** Empty by default: the name is written next to the picture. */
  alt?: string;
  sx?: SxProps<Theme>;
};

/** A user's picture, or their initials on the primary colour. */
export function UserAvatar({ name, src, size = 40, alt = '', sx }: UserAvatarProps) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={alt}
      sx={[
        {
          width: size,
          height: size,
          fontSize: size * 0.4,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials(name)}
    </Avatar>
  );
}

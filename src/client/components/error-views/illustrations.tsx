import Box from '@mui/material/Box';
import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type IllustrationProps = { sx?: SxProps<Theme> };

/**
 * A decorative SVG drawn from theme colours (light/dark mode and colour presets follow), hidden from
 * assistive technology: the page's heading and text carry the meaning. Nothing is fetched (CSP).
 */
export function IllustrationFrame({ children, sx }: IllustrationProps & { children: ReactNode }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 480 360"
      aria-hidden="true"
      focusable="false"
      sx={[{ width: 1, maxWidth: 320, height: 'auto', display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}

/** The soft blob behind every illustration. */
export function IllustrationBackdrop() {
  const theme = useTheme();
  return (
    <>
      <ellipse cx="240" cy="190" rx="190" ry="150" fill={alpha(theme.palette.primary.main, 0.08)} />
      <ellipse cx="240" cy="330" rx="150" ry="12" fill={alpha(theme.palette.grey[500], 0.24)} />
    </>
  );
}

/** 403: a padlock. */
export function ForbiddenIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { primary, background, grey, warning } = theme.palette;
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      <path
        d="M180 170v-40a60 60 0 0 1 120 0v40"
        fill="none"
        stroke={grey[500]}
        strokeWidth="22"
        strokeLinecap="round"
      />
      <rect x="150" y="160" width="180" height="150" rx="24" fill={primary.main} />
      <rect x="150" y="160" width="180" height="40" rx="20" fill={alpha(background.paper, 0.16)} />
      <circle cx="240" cy="225" r="20" fill={background.paper} />
      <rect x="231" y="232" width="18" height="48" rx="9" fill={background.paper} />
      <circle cx="340" cy="120" r="26" fill={warning.main} />
      <rect x="337" y="104" width="6" height="20" rx="3" fill={warning.contrastText} />
      <circle cx="340" cy="133" r="3.5" fill={warning.contrastText} />
    </IllustrationFrame>
  );
}

/** 404: a page with a magnifying glass. */
export function NotFoundIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { primary, background, grey, text } = theme.palette;
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      <rect
        x="130"
        y="70"
        width="180"
        height="240"
        rx="18"
        fill={background.paper}
        stroke={grey[400]}
        strokeWidth="4"
      />
      <rect x="160" y="110" width="120" height="12" rx="6" fill={alpha(grey[500], 0.4)} />
      <rect x="160" y="140" width="90" height="12" rx="6" fill={alpha(grey[500], 0.4)} />
      <rect x="160" y="170" width="110" height="12" rx="6" fill={alpha(grey[500], 0.4)} />
      <circle
        cx="290"
        cy="220"
        r="56"
        fill={alpha(primary.main, 0.16)}
        stroke={primary.main}
        strokeWidth="14"
      />
      <path d="m330 262 52 52" stroke={primary.dark} strokeWidth="22" strokeLinecap="round" />
      <text
        x="290"
        y="240"
        textAnchor="middle"
        fontSize="56"
        fontWeight="800"
        fill={text.secondary}
        fontFamily={theme.typography.fontFamily}
      >
        ?
      </text>
    </IllustrationFrame>
  );
}

/** 500: a server rack with a warning sign. */
export function ServerErrorIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { primary, grey, error, background } = theme.palette;
  const rack = [90, 160, 230];
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      {rack.map((y) => (
        <g key={y}>
          <rect x="120" y={y} width="200" height="56" rx="12" fill={primary.dark} />
          <circle cx="150" cy={y + 28} r="7" fill={primary.light} />
          <circle cx="174" cy={y + 28} r="7" fill={alpha(background.paper, 0.5)} />
          <rect x="220" y={y + 22} width="80" height="12" rx="6" fill={alpha(grey[300], 0.5)} />
        </g>
      ))}
      <path
        d="M340 150 395 245H285Z"
        fill={error.main}
        stroke={error.main}
        strokeWidth="12"
        strokeLinejoin="round"
      />
      <rect x="334" y="180" width="12" height="38" rx="6" fill={error.contrastText} />
      <circle cx="340" cy="232" r="7" fill={error.contrastText} />
    </IllustrationFrame>
  );
}

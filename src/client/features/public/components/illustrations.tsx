import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';

import { IllustrationBackdrop, IllustrationFrame } from '../../../components/error-views/illustrations.tsx';

type IllustrationProps = { sx?: SxProps<Theme> };

/** Coming soon: a rocket taking off. */
export function ComingSoonIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { primary, background, warning, grey } = theme.palette;
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      <path d="M240 290c-14 20-10 34 0 44 10-10 14-24 0-44Z" fill={warning.main} />
      <path d="M204 230 168 262l8 30 40-26Z" fill={primary.dark} />
      <path d="M276 230 312 262l-8 30-40-26Z" fill={primary.dark} />
      <path d="M240 60c-46 44-52 118-36 206h72c16-88 10-162-36-206Z" fill={primary.main} />
      <circle cx="240" cy="160" r="24" fill={background.paper} stroke={primary.dark} strokeWidth="8" />
      <rect x="216" y="266" width="48" height="16" rx="6" fill={grey[600]} />
      <circle cx="120" cy="110" r="6" fill={alpha(primary.main, 0.5)} />
      <circle cx="370" cy="90" r="8" fill={alpha(warning.main, 0.6)} />
      <circle cx="350" cy="210" r="5" fill={alpha(primary.main, 0.5)} />
    </IllustrationFrame>
  );
}

/** Maintenance: a gear and a wrench. */
export function MaintenanceIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { primary, background, grey } = theme.palette;
  const teeth = Array.from({ length: 8 }, (_, i) => i * 45);
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      <g transform="translate(210 190)">
        {teeth.map((angle) => (
          <rect
            key={angle}
            x="-16"
            y="-104"
            width="32"
            height="40"
            rx="6"
            fill={primary.main}
            transform={`rotate(${angle})`}
          />
        ))}
        <circle r="78" fill={primary.main} />
        <circle r="34" fill={background.paper} />
      </g>
      <g transform="rotate(45 330 200)">
        <rect x="318" y="140" width="24" height="150" rx="12" fill={grey[600]} />
        <path d="M300 120a30 30 0 1 0 60 0l-14 0v18h-32v-18Z" fill={grey[700]} />
      </g>
    </IllustrationFrame>
  );
}

/** An empty page: a box with nothing in it. */
export function EmptyIllustration({ sx }: IllustrationProps) {
  const theme = useTheme();
  const { grey, primary } = theme.palette;
  return (
    <IllustrationFrame sx={sx}>
      <IllustrationBackdrop />
      <path d="M140 170 240 130l100 40-100 40Z" fill={alpha(grey[500], 0.32)} />
      <path d="M140 170v110l100 40V210Z" fill={alpha(primary.main, 0.48)} />
      <path d="M340 170v110l-100 40V210Z" fill={alpha(primary.main, 0.72)} />
      <path d="M140 170 110 210l100 40 30-40Z" fill={alpha(primary.main, 0.32)} />
      <path d="M340 170l30 40-100 40-30-40Z" fill={alpha(primary.main, 0.56)} />
    </IllustrationFrame>
  );
}

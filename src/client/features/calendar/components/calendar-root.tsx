import { alpha, styled, type Theme } from '@mui/material/styles';

import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';

/** Set as FullCalendar's `eventTitleClass`, so the root's styles can reach event titles. */
export const EVENT_TITLE_CLASS = 'atrium-event-title';

/**
 * FullCalendar's classic theme, coloured from the MUI theme (its palette variables are set here instead of
 * its palette.css): light and dark mode, the primary colour preset and the font follow the settings.
 */
export const CalendarRoot = styled('div')(({ theme }) => {
  const { palette } = theme;
  return {
    '--fc-classic-button': 'transparent',
    '--fc-classic-button-border': palette.divider,
    '--fc-classic-button-strong': palette.action.selected,
    '--fc-classic-button-strong-border': palette.divider,
    '--fc-classic-button-outline': alpha(palette.primary.main, 0.4),
    '--fc-classic-button-foreground': palette.text.primary,
    '--fc-classic-primary': palette.primary.main,
    '--fc-classic-primary-foreground': palette.primary.contrastText,
    '--fc-classic-event': palette.primary.main,
    '--fc-classic-event-contrast': palette.primary.contrastText,
    '--fc-classic-background-event': palette.success.main,
    '--fc-classic-background-event-opacity': '15%',
    '--fc-classic-background-event-foreground-opacity': '50%',
    '--fc-classic-highlight': alpha(palette.primary.main, 0.12),
    '--fc-classic-today': alpha(palette.primary.main, 0.06),
    '--fc-classic-now': palette.error.main,
    '--fc-classic-small-dot-width': '8px',
    '--fc-classic-large-dot-width': '10px',
    '--fc-classic-background': palette.background.paper,
    '--fc-classic-faint': palette.action.hover,
    '--fc-classic-muted': palette.action.selected,
    '--fc-classic-strong': palette.action.focus,
    '--fc-classic-foreground': palette.text.primary,
    // The days of the next and previous months: readable (4.5:1) in light and dark, fainter than this month's.
    '--fc-classic-faint-foreground': palette.text.secondary,
    '--fc-classic-muted-foreground': palette.text.secondary,
    '--fc-classic-border': palette.divider,
    '--fc-classic-strong-border': palette.text.disabled,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.body2.fontSize,
    '& a': { color: 'inherit', textDecoration: 'none' },
    // An event's texts take the direction of their own words (an English title in the Arabic UI reads from
    // its first word), and a title too long for its cell ends in an ellipsis instead of being cut.
    // (`eventTitleClass` on the calendar: FullCalendar 7's own class names are hashed.)
    [`& .${EVENT_TITLE_CLASS}`]: { unicodeBidi: 'plaintext', textOverflow: 'ellipsis' },
  };
});

/** An event's colours: its own for the fill or dot, and black or white text, whichever reads better on it. */
export function eventColorsFor(color: string, theme: Theme) {
  return { color, contrastColor: theme.palette.getContrastText(color) };
}

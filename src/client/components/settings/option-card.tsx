import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type OptionCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  /** Show the label as text under the icon (otherwise it only names the radio). */
  showLabel?: boolean;
  icon?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * One choice of a settings section: a real radio input (keyboard arrows, screen readers: role radio named
 * by `label`) laid over a card that shows the choice.
 */
export function OptionCard({
  name,
  value,
  checked,
  onChange,
  label,
  showLabel = true,
  icon,
  sx,
}: OptionCardProps) {
  return (
    <Box
      component="label"
      sx={[
        (theme) => ({
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.75,
          minHeight: 64,
          px: 1,
          py: 1.25,
          borderRadius: 1.5,
          cursor: 'pointer',
          color: checked ? 'text.primary' : 'text.secondary',
          border: `1px solid ${checked ? alpha(theme.palette.grey[500], 0.4) : alpha(theme.palette.grey[500], 0.16)}`,
          boxShadow: checked ? `0 8px 16px -4px ${alpha(theme.palette.grey[500], 0.24)}` : 'none',
          bgcolor: checked ? 'background.paper' : 'transparent',
          transition: theme.transitions.create(['box-shadow', 'border-color', 'color']),
          '&:hover': { bgcolor: alpha(theme.palette.grey[500], 0.08) },
          '&:has(input:focus-visible)': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
          '& svg': { fontSize: 26, color: checked ? 'primary.main' : 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        component="input"
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-label={showLabel ? undefined : label}
        sx={{ position: 'absolute', inset: 0, m: 0, opacity: 0, cursor: 'pointer', width: 1, height: 1 }}
      />
      {icon}
      {showLabel && (
        <Box component="span" sx={{ typography: 'caption', fontWeight: 600, textAlign: 'center' }}>
          {label}
        </Box>
      )}
    </Box>
  );
}

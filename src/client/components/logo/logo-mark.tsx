import Box from '@mui/material/Box';

/**
 * The Atrium mark in the theme's primary colour. index.html draws the same mark (default colour) before any
 * script has run; keep the two alike.
 */
export function LogoMark({ size }: { size: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <Box
        component="rect"
        width={64}
        height={64}
        rx={14}
        sx={{ fill: (theme) => theme.palette.primary.main }}
      />
      <path d="M32 12 14 50h9l3.6-8h10.8l3.6 8h9L32 12Zm-2.4 22L32 28.4 34.4 34h-4.8Z" fill="#fff" />
    </Box>
  );
}

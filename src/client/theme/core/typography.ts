import type { TypographyVariantsOptions } from '@mui/material/styles';

/** Bundled through @fontsource-variable/public-sans (imported in main.tsx); nothing is fetched from a CDN. */
export const fontFamily =
  '"Public Sans Variable", "Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export const typography: TypographyVariantsOptions = {
  fontFamily,
  fontWeightRegular: 400,
  fontWeightMedium: 500,
  fontWeightBold: 700,
  h1: { fontWeight: 800, fontSize: '2.5rem', lineHeight: 1.25 },
  h2: { fontWeight: 800, fontSize: '2rem', lineHeight: 1.33 },
  h3: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.5 },
  h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.5 },
  h5: { fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.5 },
  h6: { fontWeight: 600, fontSize: '1.0625rem', lineHeight: 1.55 },
  subtitle1: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.5 },
  subtitle2: { fontWeight: 600, fontSize: '0.875rem', lineHeight: 1.57 },
  body1: { fontSize: '1rem', lineHeight: 1.5 },
  body2: { fontSize: '0.875rem', lineHeight: 1.57 },
  caption: { fontSize: '0.75rem', lineHeight: 1.5 },
  overline: { fontWeight: 700, fontSize: '0.75rem', lineHeight: 1.5, textTransform: 'uppercase' },
  button: { fontWeight: 700, fontSize: '0.875rem', lineHeight: 1.71, textTransform: 'none' },
};

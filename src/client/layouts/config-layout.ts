/** Spec §9 layout sizes (px). */
export const layoutConfig = {
  header: { mobileHeight: 64, desktopHeight: 92, desktopOffsetHeight: 60 },
  nav: {
    verticalWidth: 280,
    miniWidth: 88,
    itemHeight: 48,
    subItemHeight: 36,
    iconSize: 24,
    subIconSize: 22,
  },
  baseDrawerWidth: 260,
} as const;

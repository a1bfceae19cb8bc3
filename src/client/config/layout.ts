/** Spec §9 layout sizes (px). */
export const layoutConfig = {
  header: {
    mobileHeight: 64,
    /** The main (public) layout's desktop header. */
    mainDesktopHeight: 88,
    /** The dashboard's desktop header, and its height once the page is scrolled (the "offset"). */
    desktopHeight: 92,
    desktopOffsetHeight: 60,
  },
  nav: {
    verticalWidth: 280,
    miniWidth: 88,
    itemHeight: 48,
    subItemHeight: 36,
    horizontalItemHeight: 32,
    iconSize: 24,
    subIconSize: 22,
    horizontalIconSize: 22,
  },
  baseDrawerWidth: 260,
  settingsDrawerWidth: 260,
  /** Dashboard content width when stretch is off (stretch applies only above 1600 px). */
  contentMaxWidth: 1200,
  /** Background helpers (spec §9): blur 6 px, opacity 0.8. */
  blur: 6,
  blurOpacity: 0.8,
} as const;

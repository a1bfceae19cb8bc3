/**
 * English texts of the application shell: settings drawer, header (search, language, notifications),
 * page feedback, error pages (the router's error boundary) and the permission-denied page. Part of the
 * `translations` namespace (see index.ts), loaded with every page.
 */
export const shell = {
  settings: {
    open: 'Settings',
    title: 'Settings',
    reset: 'Reset',
    changed: 'Some settings differ from the defaults',
    mode: { title: 'Mode', light: 'Light', dark: 'Dark' },
    contrast: { title: 'Contrast', default: 'Default', bold: 'Bold' },
    direction: { title: 'Direction', ltr: 'Left to right', rtl: 'Right to left' },
    layout: { title: 'Layout', vertical: 'Vertical', mini: 'Mini', horizontal: 'Horizontal' },
    stretch: {
      title: 'Stretch',
      tooltip: 'Only available at large resolutions > 1600px (xl)',
      label: 'Stretch the content to the full width',
    },
    presets: {
      title: 'Presets',
      default: 'Default',
      cyan: 'Cyan',
      purple: 'Purple',
      blue: 'Blue',
      orange: 'Orange',
      red: 'Red',
    },
    fullscreen: 'Fullscreen',
    exitFullscreen: 'Exit Fullscreen',
  },
  header: {
    search: 'Search',
    language: 'Language',
    notifications: 'Notifications',
    collapseNav: 'Collapse navigation',
    expandNav: 'Expand navigation',
    openSubmenu: 'Open {{title}} menu',
  },
  search: {
    title: 'Search',
    inputLabel: 'Search pages',
    placeholder: 'Search pages…',
    noResults: 'No page matches “{{query}}”.',
    hint: 'Use the arrow keys to choose a page and Enter to open it.',
    dashboardGroup: 'Dashboard',
    publicGroup: 'Pages',
    pages: {
      pricing: 'Pricing',
      payment: 'Payment',
      aboutUs: 'About us',
      contactUs: 'Contact us',
      faqs: 'FAQs',
      comingSoon: 'Coming soon',
      maintenance: 'Maintenance',
    },
  },
  notifications: {
    title: 'Notifications',
    all: 'All',
    unread: 'Unread',
    unreadSummary: 'Unread: {{count}}',
    markAllRead: 'Mark all as read',
    markedAllRead: 'All notifications are marked as read.',
    empty: 'You have no notifications yet.',
    emptyUnread: 'You have read all your notifications.',
    loadFailed: 'Notifications could not be loaded.',
    retry: 'Retry',
    unreadMarker: 'Unread',
  },
  pageError: {
    title: 'This page could not be displayed',
    description: 'Something went wrong while showing this page. Try again, or come back later.',
    retry: 'Retry',
  },
  toast: {
    settingsReset: 'Display settings are back to their defaults.',
  },
  errorPages: {
    forbidden: {
      pageTitle: '403 Forbidden',
      title: 'No permission',
      description:
        'The page you’re trying to access has restricted access. Please refer to your system administrator.',
      home: 'Go to home',
    },
    serverError: {
      pageTitle: '500 Internal server error',
      title: '500 Internal server error',
      description: 'There was an error, please try again later.',
      home: 'Go to home',
    },
    route: {
      retry: 'Try again',
      home: 'Go to home',
    },
  },
  permissionDenied: {
    pageTitle: 'Permission denied',
    title: 'Permission denied',
    description: 'This page shows its content to administrators only.',
    deniedTitle: 'Permission denied',
    deniedDescription: 'You do not have permission to access this page.',
    home: 'Go to home',
    allowedTitle: 'You have access',
    allowedDescription: 'You can see this content because your role is administrator.',
    cards: {
      users: { title: 'Users', text: 'Create, edit, ban and delete accounts.' },
      contact: { title: 'Contact messages', text: 'Read what visitors wrote through the contact form.' },
      audit: { title: 'Audit log', text: 'See who changed what, and when.' },
    },
  },
};

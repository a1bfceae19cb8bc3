/**
 * Every page of the app, as the axe suite (e2e/a11y.spec.ts) opens them: one address per route of the route
 * table (src/client/app/router.tsx), redirects left out. A client test (src/client/app/a11y-pages.test.ts)
 * fails when a route has no page here, so a new page is checked from the day it exists.
 *
 * A `:param` in a path is filled in by the suite from the seeded demo data: it opens `from` and follows the
 * first link there that leads to such a page.
 */
export type A11yPage = string | { path: string; from: string };

/** Opened signed out. */
export const publicPages: A11yPage[] = [
  '/auth/login',
  '/auth/register',
  '/auth/reset-password',
  '/auth/login-unprotected',
  '/auth/register-unprotected',
  '/auth/verify',
  '/auth/new-password',
  '/auth/pending',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/components',
  '/coming-soon',
  '/maintenance',
  '/403',
  '/404',
  '/500',
  // A share link that does not exist: the page says so (a real link's page is checked in files-sharing.spec).
  '/files/s/no-such-link-0000000000',
  '/no-such-page',
];

/** Opened as the demo administrator (every page and every administrator's page). */
export const dashboardPages: A11yPage[] = [
  '/dashboard/app',
  '/dashboard/ecommerce',
  '/dashboard/banking',
  '/dashboard/banking/transactions',
  '/dashboard/banking/accounts',
  '/dashboard/banking/budgets',
  '/dashboard/banking/import',
  '/dashboard/booking',
  '/dashboard/booking/listings',
  '/dashboard/booking/listings/new',
  { path: '/dashboard/booking/listings/:id', from: '/dashboard/booking/listings' },
  { path: '/dashboard/booking/listings/:id/edit', from: '/dashboard/booking/listings' },
  '/dashboard/booking/list',
  { path: '/dashboard/booking/:id', from: '/dashboard/booking/list' },
  '/dashboard/analytics',
  '/dashboard/analytics/sites',
  '/dashboard/analytics/pages',
  '/dashboard/blank',
  '/dashboard/permission-denied',
  '/dashboard/chat',
  '/dashboard/chat/new',
  { path: '/dashboard/chat/:conversationKey', from: '/dashboard/chat' },
  '/dashboard/mail',
  '/dashboard/mail/all',
  '/dashboard/calendar',
  '/dashboard/kanban',
  '/dashboard/file',
  '/dashboard/files-manager',
  '/dashboard/files-manager/links',
  '/dashboard/e-commerce',
  '/dashboard/e-commerce/shop',
  '/dashboard/e-commerce/list',
  '/dashboard/e-commerce/checkout',
  '/dashboard/e-commerce/discounts',
  '/dashboard/e-commerce/product/new',
  '/dashboard/e-commerce/product/oxford-button-down-shirt',
  '/dashboard/e-commerce/product/oxford-button-down-shirt/edit',
  '/dashboard/blog/posts',
  '/dashboard/blog/new',
  '/dashboard/blog/post/designing-dashboards-people-actually-use',
  '/dashboard/blog/post/designing-dashboards-people-actually-use/edit',
  '/dashboard/invoice/list',
  '/dashboard/invoice/new',
  '/dashboard/invoice/INV-1001',
  '/dashboard/invoice/INV-1001/edit',
  '/dashboard/order/list',
  { path: '/dashboard/order/:id', from: '/dashboard/order/list' },
  '/dashboard/user/profile',
  '/dashboard/user/cards',
  '/dashboard/user/account',
  '/dashboard/user/list',
  '/dashboard/user/new',
  '/dashboard/user/audit',
  '/dashboard/user/jaydon-frankie/edit',
  '/dashboard/workspace',
  '/dashboard/no-such-page',
];

export const pathOf = (page: A11yPage): string => (typeof page === 'string' ? page : page.path);

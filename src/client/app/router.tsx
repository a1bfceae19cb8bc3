import { lazy, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  type DataRouter,
  type HydrationState,
  type RouteObject,
} from 'react-router';

import { RouteLoadingScreen } from '../components/loading-screen/loading-screen.tsx';
import { RouteErrorView } from '../components/error-views/route-error-view.tsx';
import { paths } from '../config/paths.ts';
import { AuthGuard } from '../lib/auth/auth-guard.tsx';
import { GuestGuard } from '../lib/auth/guest-guard.tsx';
import { registerRoutePrefetch } from '../lib/route-prefetch.ts';
import { settingsStore } from '../lib/settings/settings-store.ts';
import { ensureTranslations } from '../locales/i18n.ts';
import type { AreaPart } from '../locales/load-language.ts';
import type { PageCheckHandle } from '../layouts/dashboard/use-page-exists.ts';
import { pageExists } from './page-exists.ts';
import { RootLayout } from './root-layout.tsx';

/** A route's `lazy` that also loads an area's texts: the page renders once both are there. */
function withTexts<T>(part: AreaPart, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), ensureTranslations(part)]).then(([module]) => module);
}

/**
 * A heavy page's component (the object form of `lazy`) that does not hold back the first paint: when the
 * app itself is loading (`firstLoad()`), the layout around the page renders as soon as its own code is
 * there, with the layout's page skeleton, while the page's code keeps arriving; the shell (navigation,
 * header, banners) paints seconds earlier on a slow phone. Later navigations wait for the code as usual,
 * so the current page stays until the next one is ready (ADR 010).
 */
function shellFirst(
  load: () => Promise<ComponentType>,
  firstLoad: () => boolean,
): () => Promise<ComponentType> {
  return async () => {
    const loading = load();
    if (!firstLoad()) return loading;
    // The page's own render waits for the frame after the shell's first paint (its factory runs while the
    // shell renders): its work then never delays that paint, even when its code is already there.
    return lazy(async () => {
      const [Component] = await Promise.all([
        loading,
        new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ]);
      return { default: Component };
    });
  };
}

/** How the routes learn whether the app is still loading (tests: never, every page renders whole). */
export interface RouteOptions {
  firstLoad?: () => boolean;
}

/**
 * The route table (spec §2). Paths come from config/paths.ts; every page and layout is a lazy chunk so the
 * first load stays small. Pages of later issues do not exist yet: their paths fall to the 404 view, and the
 * links to them stay hidden until their route is added here (`createRoutes`).
 *
 * A function, not a constant: a router empties the object form of `lazy` as it loads each part, so every
 * router (one per page load; one per test) needs route objects of its own.
 */
const routeTable = ({ firstLoad = () => false }: RouteOptions = {}): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteLoadingScreen,
    ErrorBoundary: RouteErrorView,
    children: [
      { index: true, element: <Navigate to={paths.dashboard.root} replace /> },
      {
        path: paths.auth.root,
        lazy: () => import('./routes/auth/layout.tsx'),
        children: [
          { index: true, element: <Navigate to={paths.auth.login} replace /> },
          {
            Component: GuestGuard,
            children: [
              {
                path: paths.auth.login,
                // The demo notice's config arrives before the form shows (no layout shift).
                lazy: {
                  loader: () =>
                    import('../features/account/api/get-public-config.ts').then((m) => m.publicConfigLoader),
                  Component: () => import('./routes/auth/login.tsx').then((m) => m.Component),
                },
              },
              { path: paths.auth.register, lazy: () => import('./routes/auth/register.tsx') },
              { path: paths.auth.resetPassword, lazy: () => import('./routes/auth/reset-password.tsx') },
            ],
          },
          { path: paths.auth.loginUnprotected, lazy: () => import('./routes/auth/login-unprotected.tsx') },
          {
            path: paths.auth.registerUnprotected,
            lazy: () => import('./routes/auth/register-unprotected.tsx'),
          },
          { path: paths.auth.verify, lazy: () => import('./routes/auth/verify.tsx') },
          { path: paths.auth.newPassword, lazy: () => import('./routes/auth/new-password.tsx') },
          { path: paths.auth.pending, lazy: () => import('./routes/auth/pending.tsx') },
        ],
      },
      {
        path: paths.dashboard.root,
        Component: AuthGuard,
        children: [
          {
            // With a mini or horizontal layout, its nav section loads with the layout (no empty nav at first).
            lazy: () =>
              Promise.all([
                import('./routes/dashboard/layout.tsx'),
                import('../components/nav-section/lazy-nav-sections.tsx').then((module) =>
                  module.preloadNavSection(settingsStore.getState().themeLayout),
                ),
              ]).then(([module]) => module),
            children: [
              { index: true, element: <Navigate to={paths.dashboard.general.app} replace /> },
              {
                // The workspace overview (issue 26 B): its figures, the layout and the chart library start
                // loading with the page's code and its texts.
                path: paths.dashboard.general.app,
                lazy: {
                  loader: () =>
                    import('../features/overview/api/app-overview-loader.ts').then(
                      (m) => m.appOverviewLoader,
                    ),
                  Component: withTexts('overview', () =>
                    import('./routes/dashboard/app.tsx').then((m) => m.Component),
                  ),
                },
              },
              {
                // The shop's overview (issue 26 C): its figures, the layout and the chart library start
                // loading with the page's code; category and gender names are the products' texts.
                path: paths.dashboard.general.ecommerce,
                lazy: {
                  loader: () =>
                    import('../features/overview/api/ecommerce-overview-loader.ts').then(
                      (m) => m.ecommerceOverviewLoader,
                    ),
                  Component: withTexts(
                    'overview',
                    withTexts('products', () =>
                      import('./routes/dashboard/ecommerce.tsx').then((m) => m.Component),
                    ),
                  ),
                },
              },
              {
                // Banking (issue 28 B): the overview (its figures, layout and the chart library start with the
                // page's code), the transactions list (its first page likewise), accounts, budgets and import.
                // The widgets' frame texts are the overview's.
                path: paths.dashboard.general.banking,
                lazy: () =>
                  Promise.all([ensureTranslations('banking'), ensureTranslations('overview')]).then(
                    () => ({}),
                  ),
                children: [
                  {
                    index: true,
                    lazy: {
                      loader: () =>
                        import('../features/banking/api/banking-overview-loader.ts').then(
                          (m) => m.bankingOverviewLoader,
                        ),
                      Component: () => import('./routes/dashboard/banking.tsx').then((m) => m.Component),
                    },
                  },
                  {
                    path: 'transactions',
                    lazy: {
                      loader: () =>
                        import('../features/banking/api/banking-list.ts').then(
                          (m) => m.transactionsListLoader,
                        ),
                      Component: () =>
                        import('./routes/dashboard/banking-transactions.tsx').then((m) => m.Component),
                    },
                  },
                  { path: 'accounts', lazy: () => import('./routes/dashboard/banking-accounts.tsx') },
                  { path: 'budgets', lazy: () => import('./routes/dashboard/banking-budgets.tsx') },
                  { path: 'import', lazy: () => import('./routes/dashboard/banking-import.tsx') },
                ],
              },
              {
                // Analytics (issue 30 B): the overview, the sites, and a detail view per breakdown. The widgets'
                // frame texts are the overview's.
                path: paths.dashboard.general.analytics,
                lazy: () =>
                  Promise.all([ensureTranslations('analytics'), ensureTranslations('overview')]).then(
                    () => ({}),
                  ),
                children: [
                  {
                    index: true,
                    lazy: {
                      loader: () =>
                        import('../features/analytics/api/analytics-overview-loader.ts').then(
                          (m) => m.analyticsOverviewLoader,
                        ),
                      Component: () => import('./routes/dashboard/analytics.tsx').then((m) => m.Component),
                    },
                  },
                  { path: 'sites', lazy: () => import('./routes/dashboard/analytics-sites.tsx') },
                  { path: ':view', lazy: () => import('./routes/dashboard/analytics-details.tsx') },
                ],
              },
              {
                // Booking (issue 29 B): the overview (its figures, layout and the chart library start with the
                // page's code), listings to browse and book, a listing's management form, the bookings list and
                // a booking's details. The widgets' frame texts are the overview's.
                path: paths.dashboard.general.booking,
                lazy: () =>
                  Promise.all([ensureTranslations('booking'), ensureTranslations('overview')]).then(
                    () => ({}),
                  ),
                children: [
                  {
                    index: true,
                    lazy: {
                      loader: () =>
                        import('../features/booking/api/booking-overview-loader.ts').then(
                          (m) => m.bookingOverviewLoader,
                        ),
                      Component: () => import('./routes/dashboard/booking.tsx').then((m) => m.Component),
                    },
                  },
                  { path: 'listings', lazy: () => import('./routes/dashboard/booking-listings.tsx') },
                  { path: 'listings/new', lazy: () => import('./routes/dashboard/booking-listing-edit.tsx') },
                  { path: 'listings/:id', lazy: () => import('./routes/dashboard/booking-listing.tsx') },
                  {
                    path: 'listings/:id/edit',
                    lazy: () => import('./routes/dashboard/booking-listing-edit.tsx'),
                  },
                  {
                    path: 'list',
                    lazy: {
                      loader: () =>
                        import('../features/booking/api/booking-list.ts').then((m) => m.bookingsListLoader),
                      Component: () => import('./routes/dashboard/booking-list.tsx').then((m) => m.Component),
                    },
                  },
                  { path: ':id', lazy: () => import('./routes/dashboard/booking-details.tsx') },
                ],
              },
              {
                path: paths.dashboard.blank,
                lazy: withTexts('public-pages', () => import('./routes/dashboard/blank.tsx')),
              },
              {
                // The file overview (issue 27 B): its figures, the layout and the chart library start loading
                // with the page's code; kind names and the upload box's texts are the file manager's.
                path: paths.dashboard.general.file,
                lazy: {
                  loader: () =>
                    import('../features/files/api/file-overview-api.ts').then((m) => m.fileOverviewLoader),
                  Component: withTexts(
                    'overview',
                    withTexts('files', () => import('./routes/dashboard/file.tsx').then((m) => m.Component)),
                  ),
                },
              },
              {
                // The file manager (issue 27 A): the folder's first page starts loading with the page's code and
                // its texts; dialogs, the details drawer and the upload client load on first use.
                path: paths.dashboard.fileManager,
                lazy: {
                  loader: () => import('../features/files/api/files-list.ts').then((m) => m.filesListLoader),
                  Component: withTexts('files', () =>
                    import('./routes/dashboard/files-manager.tsx').then((m) => m.Component),
                  ),
                },
              },
              {
                // The file manager's share links (issue 27 A): the list starts loading with the page's code.
                path: paths.dashboard.filesLinks,
                lazy: {
                  loader: () =>
                    import('../features/files/api/sharing-api.ts').then((m) => m.sharedLinksLoader),
                  Component: withTexts('files', () =>
                    import('./routes/dashboard/files-links.tsx').then((m) => m.Component),
                  ),
                },
              },
              {
                path: paths.dashboard.permissionDenied,
                lazy: withTexts('public-pages', () => import('./routes/dashboard/permission-denied.tsx')),
              },
              {
                // Chat (issue #10): the conversation list and the open conversation; its texts load with it.
                path: paths.dashboard.chat.root,
                lazy: () => ensureTranslations('chat').then(() => ({})),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard/chat/chat.tsx') },
                  { path: 'new', lazy: () => import('./routes/dashboard/chat/new.tsx') },
                  { path: ':conversationKey', lazy: () => import('./routes/dashboard/chat/chat.tsx') },
                ],
              },
              {
                // Mail (issue #11): the area's texts load with its code.
                path: paths.dashboard.mail.root,
                lazy: () => ensureTranslations('mail').then(() => ({})),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard/mail/mail.tsx') },
                  { path: 'all', lazy: () => import('./routes/dashboard/mail/mail.tsx') },
                ],
              },
              {
                // Calendar (issue #12): FullCalendar and the pickers load with this page only.
                path: paths.dashboard.calendar,
                lazy: withTexts('calendar', () => import('./routes/dashboard/calendar.tsx')),
              },
              {
                // Workspace settings (issue 24 A, administrators): the area's texts load with its route, the
                // settings' request with the navigation (the page checks the admin role in its chunk).
                path: paths.dashboard.workspace,
                lazy: () => ensureTranslations('workspace').then(() => ({})),
                children: [
                  {
                    index: true,
                    lazy: {
                      loader: () =>
                        import('../features/workspace/api/get-workspace-settings.ts').then(
                          (m) => m.workspaceSettingsLoader,
                        ),
                      Component: () => import('./routes/dashboard/workspace.tsx').then((m) => m.Component),
                    },
                  },
                ],
              },
              {
                // Kanban (issue #12): dnd-kit loads with this page only.
                path: paths.dashboard.kanban,
                lazy: withTexts('kanban', () => import('./routes/dashboard/kanban.tsx')),
              },
              {
                // E-commerce (issue #13): the shop and the product page; their texts load with them.
                path: paths.dashboard.eCommerce.root,
                lazy: () => ensureTranslations('products').then(() => ({})),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard/e-commerce/shop.tsx') },
                  { path: 'shop', lazy: () => import('./routes/dashboard/e-commerce/shop.tsx') },
                  {
                    path: 'list',
                    lazy: {
                      loader: () =>
                        import('../features/products/api/products-list.ts').then(
                          (m) => m.productsAdminListLoader,
                        ),
                      Component: () =>
                        import('./routes/dashboard/e-commerce/list.tsx').then((m) => m.Component),
                    },
                  },
                  // The checkout and the discount codes are the orders area's: its texts load with them.
                  {
                    path: 'checkout',
                    lazy: withTexts('orders', () => import('./routes/dashboard/e-commerce/checkout.tsx')),
                  },
                  {
                    path: 'discounts',
                    lazy: {
                      loader: () =>
                        import('../features/orders/api/orders-list.ts').then((m) => m.discountsListLoader),
                      Component: withTexts('orders', () =>
                        import('./routes/dashboard/e-commerce/discounts.tsx').then((m) => m.Component),
                      ),
                    },
                  },
                  { path: 'product/new', lazy: () => import('./routes/dashboard/e-commerce/new.tsx') },
                  { path: 'product/:name', lazy: () => import('./routes/dashboard/e-commerce/product.tsx') },
                  {
                    path: 'product/:name/edit',
                    lazy: () => import('./routes/dashboard/e-commerce/edit.tsx'),
                  },
                ],
              },
              {
                // Blog (issue #14): the posts, a post, the form; the area's texts load with its routes, the
                // list's request with its code, the editor only with the form.
                path: paths.dashboard.blog.root,
                lazy: () => ensureTranslations('posts').then(() => ({})),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard.blog.posts} replace /> },
                  {
                    path: 'posts',
                    lazy: {
                      loader: () =>
                        import('../features/posts/api/posts-list.ts').then((m) => m.postsListLoader),
                      Component: shellFirst(
                        () => import('./routes/dashboard/blog/posts.tsx').then((m) => m.Component),
                        firstLoad,
                      ),
                    },
                  },
                  { path: 'new', lazy: () => import('./routes/dashboard/blog/new.tsx') },
                  { path: 'post/:title', lazy: () => import('./routes/dashboard/blog/post.tsx') },
                  { path: 'post/:title/edit', lazy: () => import('./routes/dashboard/blog/edit.tsx') },
                ],
              },
              {
                // Invoices (issue #14): the list, an invoice, new and edit; their texts load with them.
                path: paths.dashboard.invoice.root,
                lazy: () => ensureTranslations('invoices').then(() => ({})),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard.invoice.list} replace /> },
                  {
                    path: 'list',
                    // The loader starts the list's request in parallel with the page's code (docs/adding-an-area.md).
                    lazy: {
                      loader: () =>
                        import('../features/invoices/api/invoices-list.ts').then((m) => m.invoicesListLoader),
                      Component: () => import('./routes/dashboard/invoice/list.tsx').then((m) => m.Component),
                    },
                  },
                  { path: 'new', lazy: () => import('./routes/dashboard/invoice/new.tsx') },
                  { path: ':id', lazy: () => import('./routes/dashboard/invoice/details.tsx') },
                  { path: ':id/edit', lazy: () => import('./routes/dashboard/invoice/edit.tsx') },
                ],
              },
              {
                // Orders (issue #13): administrators' list; an order for its customer or administrators. Their
                // lines show products' colours, whose names are the products texts.
                path: paths.dashboard.order.root,
                lazy: () =>
                  Promise.all([ensureTranslations('orders'), ensureTranslations('products')]).then(
                    () => ({}),
                  ),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard.order.list} replace /> },
                  {
                    path: 'list',
                    lazy: {
                      loader: () =>
                        import('../features/orders/api/orders-list.ts').then((m) => m.ordersListLoader),
                      Component: () => import('./routes/dashboard/order/list.tsx').then((m) => m.Component),
                    },
                  },
                  { path: ':id', lazy: () => import('./routes/dashboard/order/details.tsx') },
                ],
              },
              {
                // Users (issue #4). List, new, edit and audit check the admin role inside their chunks.
                path: paths.dashboard.user.root,
                // The area's texts load with its pages' code (locales/load-language.ts).
                lazy: () => ensureTranslations('users').then(() => ({})),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard.user.profile} replace /> },
                  {
                    path: paths.dashboard.user.profile,
                    lazy: () => import('./routes/dashboard/user/profile.tsx'),
                  },
                  {
                    path: paths.dashboard.user.cards,
                    lazy: () => import('./routes/dashboard/user/cards.tsx'),
                  },
                  {
                    path: paths.dashboard.user.account,
                    lazy: () => import('./routes/dashboard/user/account.tsx'),
                  },
                  {
                    path: paths.dashboard.user.list,
                    // The loader starts the list's request in parallel with the page's code (docs/adding-an-area.md).
                    lazy: {
                      loader: () =>
                        import('../features/users/api/users-list.ts').then((m) => m.usersListLoader),
                      Component: shellFirst(
                        () => import('./routes/dashboard/user/list.tsx').then((m) => m.Component),
                        firstLoad,
                      ),
                    },
                  },
                  { path: paths.dashboard.user.new, lazy: () => import('./routes/dashboard/user/new.tsx') },
                  {
                    path: paths.dashboard.user.audit,
                    lazy: () => import('./routes/dashboard/user/audit.tsx'),
                  },
                  {
                    path: `${paths.dashboard.user.root}/:name/edit`,
                    lazy: () => import('./routes/dashboard/user/edit.tsx'),
                  },
                ],
              },
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
      {
        // The public pages' texts load with their layout (locales/load-language.ts).
        lazy: withTexts('public-pages', () => import('./routes/simple-layout.tsx')),
        children: [
          { path: paths.pricing, lazy: () => import('./routes/public/pricing.tsx') },
          { path: paths.payment, lazy: () => import('./routes/public/payment.tsx') },
          { path: paths.aboutUs, lazy: () => import('./routes/public/about-us.tsx') },
          { path: paths.contactUs, lazy: () => import('./routes/public/contact-us.tsx') },
          { path: paths.faqs, lazy: () => import('./routes/public/faqs.tsx') },
          { path: paths.components, lazy: () => import('./routes/public/components.tsx') },
        ],
      },
      {
        // Error and status pages: logo and one centred column. Unknown paths get the 404 page here too.
        lazy: () => import('./routes/public/compact-layout.tsx'),
        children: [
          {
            path: paths.comingSoon,
            lazy: withTexts('public-pages', () => import('./routes/public/coming-soon.tsx')),
          },
          {
            path: paths.maintenance,
            lazy: withTexts('public-pages', () => import('./routes/public/maintenance.tsx')),
          },
          { path: paths.page403, lazy: () => import('./routes/public/page-403.tsx') },
          { path: paths.page404, lazy: () => import('./routes/not-found.tsx') },
          { path: paths.page500, lazy: () => import('./routes/public/page-500.tsx') },
          {
            // A file manager share link, for anyone: no guard, its texts load with it.
            path: '/files/s/:token', // paths.shareLink(token)
            lazy: withTexts('files', () => import('./routes/public/share-link.tsx')),
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

/**
 * The route table, whose root route tells the shell which paths lead to a page (`usePageExists`): the
 * navigation, the command palette and the overview's shortcuts show a link only once its page exists.
 */
export function createRoutes(options: RouteOptions = {}): RouteObject[] {
  const routes = routeTable(options);
  const handle: PageCheckHandle = { pageExists: (path) => pageExists(routes, path) };
  for (const route of routes) if (route.id === 'root') route.handle = handle;
  return routes;
}

/** Loads the code of every route `path` matches (what a link's hover or focus prefetches); never rejects. */
export function prefetchRouteCode(routes: RouteObject[], path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const { lazy } = route;
    if (!lazy) continue;
    const loads =
      typeof lazy === 'function'
        ? [lazy()]
        : Object.values(lazy).map((load: unknown) =>
            typeof load === 'function' ? (load as () => unknown)() : null,
          );
    for (const load of loads) void Promise.resolve(load).catch(() => {});
  }
}

/**
 * Loads what the routes `path` matches load lazily (code, texts, a loader's module), as the router would on
 * its first navigation: a router created afterwards has nothing left to load, so it can hydrate the page the
 * server rendered without a fallback in between (the page would not match).
 */
export async function loadMatchedRoutes(routes: RouteObject[], path: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, path) ?? []).map(async ({ route }) => {
      const { lazy } = route;
      if (!lazy) return;
      if (typeof lazy === 'function') {
        Object.assign(route, await lazy());
      } else {
        const parts = await Promise.all(
          Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => unknown)()] as const),
        );
        Object.assign(route, Object.fromEntries(parts));
      }
      route.lazy = undefined;
    }),
  );
}

/** The app's router; with `hydrationData` (the server's render, main.tsx), the page's routes load first. */
export async function createAppRouter(hydrationData?: HydrationState): Promise<DataRouter> {
  // The router starts its first navigation while it is being created: `created.router` is unset until then.
  const created: { router?: DataRouter } = {};
  const routes = createRoutes({ firstLoad: () => !created.router?.state.initialized });
  registerRoutePrefetch((path) => prefetchRouteCode(routes, path));
  if (hydrationData) await loadMatchedRoutes(routes, window.location.pathname);
  created.router = createBrowserRouter(routes, { hydrationData });
  return created.router;
}

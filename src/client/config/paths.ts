/**
 * Every path of the app (spec §2 route table). Routes, links and the navigation read them from here.
 * Sample parameters (`demo`) let the navigation link to detail and edit pages until their lists exist.
 */
const ROOTS = { auth: '/auth', dashboard: '/dashboard' } as const;

const demo = {
  /** The URL name (slug) of the seeded demo admin, Jaydon Frankie. */
  userName: 'jaydon-frankie',
  productName: 'oxford-button-down-shirt',
  /** The demo seed's first invoice (the demo admin's); invoice pages take a number as well as an id. */
  invoiceId: 'INV-1001',
  /** A published post of the demo seed (posts.seed.ts: the demo admin's first post). */
  postTitle: 'designing-dashboards-people-actually-use',
} as const;

export const paths = {
  root: '/',
  page403: '/403',
  page404: '/404',
  page500: '/500',
  comingSoon: '/coming-soon',
  maintenance: '/maintenance',
  pricing: '/pricing',
  payment: '/payment',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faqs: '/faqs',
  components: '/components',
  /** What a file manager share link leads to, for anyone (signed out too). */
  shareLink: (token: string) => `/files/s/${encodeURIComponent(token)}`,
  auth: {
    root: ROOTS.auth,
    login: `${ROOTS.auth}/login`,
    register: `${ROOTS.auth}/register`,
    loginUnprotected: `${ROOTS.auth}/login-unprotected`,
    registerUnprotected: `${ROOTS.auth}/register-unprotected`,
    verify: `${ROOTS.auth}/verify`,
    resetPassword: `${ROOTS.auth}/reset-password`,
    newPassword: `${ROOTS.auth}/new-password`,
    /** Where an account waiting for an administrator's approval waits (sign-up policy `approval`). */
    pending: `${ROOTS.auth}/pending`,
  },
  dashboard: {
    root: ROOTS.dashboard,
    kanban: `${ROOTS.dashboard}/kanban`,
    calendar: `${ROOTS.dashboard}/calendar`,
    fileManager: `${ROOTS.dashboard}/files-manager`,
    /** The share links a person made (administrators: everyone's), to copy or revoke (issue 27 A). */
    filesLinks: `${ROOTS.dashboard}/files-manager/links`,
    permissionDenied: `${ROOTS.dashboard}/permission-denied`,
    blank: `${ROOTS.dashboard}/blank`,
    /** Workspace settings (administrators): sign-up policy, mail and storage quotas, invitations. */
    workspace: `${ROOTS.dashboard}/workspace`,
    general: {
      app: `${ROOTS.dashboard}/app`,
      ecommerce: `${ROOTS.dashboard}/ecommerce`,
      analytics: `${ROOTS.dashboard}/analytics`,
      banking: `${ROOTS.dashboard}/banking`,
      booking: `${ROOTS.dashboard}/booking`,
      file: `${ROOTS.dashboard}/file`,
    },
    /** Banking's pages beside its overview (`general.banking`), issue 28 B. */
    banking: {
      transactions: `${ROOTS.dashboard}/banking/transactions`,
      accounts: `${ROOTS.dashboard}/banking/accounts`,
      budgets: `${ROOTS.dashboard}/banking/budgets`,
      import: `${ROOTS.dashboard}/banking/import`,
    },
    /**
     * Analytics' pages beside its overview (`general.analytics`), issue 30 B: the sites, and one detail view
     * per breakdown (`pages`, `sources`, `countries`, `devices`, `browsers`, `languages`, `events`); the site,
     * range and filters ride in the query (`?site=&from=&to=&filter=country:FR`).
     */
    analytics: {
      sites: `${ROOTS.dashboard}/analytics/sites`,
      details: (view: string) => `${ROOTS.dashboard}/analytics/${view}`,
    },
    /** Booking's pages beside its overview (`general.booking`), issue 29 B. */
    booking: {
      listings: `${ROOTS.dashboard}/booking/listings`,
      newListing: `${ROOTS.dashboard}/booking/listings/new`,
      listing: (id: string) => `${ROOTS.dashboard}/booking/listings/${id}`,
      editListing: (id: string) => `${ROOTS.dashboard}/booking/listings/${id}/edit`,
      list: `${ROOTS.dashboard}/booking/list`,
      details: (id: string) => `${ROOTS.dashboard}/booking/${id}`,
    },
    mail: {
      root: `${ROOTS.dashboard}/mail`,
      all: `${ROOTS.dashboard}/mail/all`,
    },
    chat: {
      root: `${ROOTS.dashboard}/chat`,
      new: `${ROOTS.dashboard}/chat/new`,
      view: (conversationKey: string) => `${ROOTS.dashboard}/chat/${encodeURIComponent(conversationKey)}`,
    },
    user: {
      root: `${ROOTS.dashboard}/user`,
      new: `${ROOTS.dashboard}/user/new`,
      list: `${ROOTS.dashboard}/user/list`,
      cards: `${ROOTS.dashboard}/user/cards`,
      profile: `${ROOTS.dashboard}/user/profile`,
      account: `${ROOTS.dashboard}/user/account`,
      /** The audit log of admin actions on users (admins); `auditOf(id)` shows one user's entries. */
      audit: `${ROOTS.dashboard}/user/audit`,
      auditOf: (id: string) => `${ROOTS.dashboard}/user/audit?user=${encodeURIComponent(id)}`,
      edit: (name: string) => `${ROOTS.dashboard}/user/${encodeURIComponent(name)}/edit`,
      demo: { edit: `${ROOTS.dashboard}/user/${demo.userName}/edit` },
    },
    eCommerce: {
      root: `${ROOTS.dashboard}/e-commerce`,
      shop: `${ROOTS.dashboard}/e-commerce/shop`,
      list: `${ROOTS.dashboard}/e-commerce/list`,
      checkout: `${ROOTS.dashboard}/e-commerce/checkout`,
      discounts: `${ROOTS.dashboard}/e-commerce/discounts`,
      new: `${ROOTS.dashboard}/e-commerce/product/new`,
      view: (name: string) => `${ROOTS.dashboard}/e-commerce/product/${encodeURIComponent(name)}`,
      edit: (name: string) => `${ROOTS.dashboard}/e-commerce/product/${encodeURIComponent(name)}/edit`,
      demo: {
        view: `${ROOTS.dashboard}/e-commerce/product/${demo.productName}`,
        edit: `${ROOTS.dashboard}/e-commerce/product/${demo.productName}/edit`,
      },
    },
    order: {
      root: `${ROOTS.dashboard}/order`,
      list: `${ROOTS.dashboard}/order/list`,
      details: (id: string) => `${ROOTS.dashboard}/order/${encodeURIComponent(id)}`,
    },
    invoice: {
      root: `${ROOTS.dashboard}/invoice`,
      list: `${ROOTS.dashboard}/invoice/list`,
      new: `${ROOTS.dashboard}/invoice/new`,
      details: (id: string) => `${ROOTS.dashboard}/invoice/${encodeURIComponent(id)}`,
      edit: (id: string) => `${ROOTS.dashboard}/invoice/${encodeURIComponent(id)}/edit`,
      demo: {
        details: `${ROOTS.dashboard}/invoice/${demo.invoiceId}`,
        edit: `${ROOTS.dashboard}/invoice/${demo.invoiceId}/edit`,
      },
    },
    blog: {
      root: `${ROOTS.dashboard}/blog`,
      posts: `${ROOTS.dashboard}/blog/posts`,
      new: `${ROOTS.dashboard}/blog/new`,
      post: (title: string) => `${ROOTS.dashboard}/blog/post/${encodeURIComponent(title)}`,
      edit: (title: string) => `${ROOTS.dashboard}/blog/post/${encodeURIComponent(title)}/edit`,
      demo: { post: `${ROOTS.dashboard}/blog/post/${demo.postTitle}` },
    },
  },
} as const;

import 'i18next';

import type { StartResource } from './langs/en/index.ts';
import type { posts } from './langs/en/posts.ts';
import type { chat } from './langs/en/chat.ts';
import type { calendar } from './langs/en/calendar.ts';
import type { kanban } from './langs/en/kanban.ts';
import type { mail } from './langs/en/mail.ts';
import type { invoices } from './langs/en/invoices.ts';
import type { orders } from './langs/en/orders.ts';
import type { products } from './langs/en/products.ts';
import type { publicPages } from './langs/en/public-pages.ts';
import type { users } from './langs/en/users.ts';
import type { workspace } from './langs/en/workspace.ts';
import type { overview } from './langs/en/overview.ts';
import type { files } from './langs/en/files.ts';
import type { banking } from './langs/en/banking.ts';
import type { booking } from './langs/en/booking.ts';
import type { analytics } from './langs/en/analytics.ts';

/**
 * The texts' types: the start parts (core, shell) are the default namespace; each area's part is a namespace
 * of its own that `t()` falls back to, so its keys (`users.list.search`) need no namespace prefix.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translations';
    fallbackNS: [
      'users',
      'public-pages',
      'chat',
      'mail',
      'calendar',
      'kanban',
      'products',
      'orders',
      'invoices',
      'posts',
      'workspace',
      'overview',
      'files',
      'banking',
      'booking',
      'analytics',
    ];
    resources: {
      translations: StartResource;
      users: typeof users;
      'public-pages': typeof publicPages;
      chat: typeof chat;
      mail: typeof mail;
      calendar: typeof calendar;
      kanban: typeof kanban;
      products: typeof products;
      orders: typeof orders;
      invoices: typeof invoices;
      posts: typeof posts;
      workspace: typeof workspace;
      overview: typeof overview;
      files: typeof files;
      banking: typeof banking;
      booking: typeof booking;
      analytics: typeof analytics;
    };
  }
}

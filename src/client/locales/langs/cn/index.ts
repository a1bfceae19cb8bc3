import type { TranslationResource } from '../en/index.ts';
import { posts } from './posts.ts';
import { chat } from './chat.ts';
import { calendar } from './calendar.ts';
import { kanban } from './kanban.ts';
import { mail } from './mail.ts';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { core } from './core.ts';
import { publicPages } from './public-pages.ts';
import { shell } from './shell.ts';
import { users } from './users.ts';
import { workspace } from './workspace.ts';
import { overview } from './overview.ts';
import { files } from './files.ts';
import { banking } from './banking.ts';
import { booking } from './booking.ts';
import { analytics } from './analytics.ts';

/** Chinese, Simplified (value `cn`; loaded on demand). Same parts and keys as English. */
export const cn: TranslationResource = {
  ...core,
  ...shell,
  ...publicPages,
  ...users,
  ...chat,
  ...mail,
  ...calendar,
  ...kanban,
  ...products,
  ...orders,
  ...invoices,
  ...posts,
  ...workspace,
  ...overview,
  ...files,
  ...banking,
  ...booking,
  ...analytics,
};

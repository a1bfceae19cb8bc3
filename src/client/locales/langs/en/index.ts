import { posts } from './posts.ts';
import { chat } from './chat.ts';
import { core } from './core.ts';
import { calendar } from './calendar.ts';
import { kanban } from './kanban.ts';
import { mail } from './mail.ts';
import { invoices } from './invoices.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { publicPages } from './public-pages.ts';
import { shell } from './shell.ts';
import { users } from './users.ts';
import { workspace } from './workspace.ts';
import { overview } from './overview.ts';
import { files } from './files.ts';
import { banking } from './banking.ts';
import { booking } from './booking.ts';
import { analytics } from './analytics.ts';

/**
 * English, the default and fallback language (start parts in namespace `translations`, each area's part
 * in a namespace of its own). The texts are split into part
 * files by area; each part owns distinct top-level keys and is spread in here. Every other language has the
 * same parts with the same keys (a test checks it), and `TranslationResource` types `t()` keys.
 */
export const en = {
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

export type TranslationResource = typeof en;
/** The default namespace: the parts every page loads. */
export type StartResource = typeof core & typeof shell;

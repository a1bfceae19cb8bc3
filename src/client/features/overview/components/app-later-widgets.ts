/**
 * The app overview's widgets whose code loads just after the page's first paint (one chunk): the charts,
 * tables and lists below the welcome card and the summaries, with what they alone use (the year select,
 * tables, ratings, the invoices' row menu). Loaded through `loadLaterWidgets` (`later-widgets.ts`), which
 * the route loader calls beside the page's code.
 */
export { AppAccountsByRegion } from './app-accounts-by-region.tsx';
export { AppNewInvoices } from './app-new-invoices.tsx';
export { AppCompleteProfiles, AppVerifiedEmails } from './app-rates.tsx';
export { AppSessionsByDevice } from './app-sessions-by-device.tsx';
export { AppTopAuthors, AppTopCountries, AppTopProducts } from './app-top-lists.tsx';

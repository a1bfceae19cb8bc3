/** Loads the app overview's later widgets (`app-later-widgets.ts`): the view, and the route loader ahead. */
export const loadLaterWidgets = () => import('./app-later-widgets.ts');

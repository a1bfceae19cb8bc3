import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * A count the tab title starts with, "(3) Chat | Atrium": the dashboard sets the signed-in user's unread
 * messages (`useTitleCount`), so a background tab shows that something arrived.
 *
 * A store, not a context around the page: a context's new value is pushed into the page beneath it, and a
 * count that arrived while the page's code was loading made React mount the whole page inside that
 * update's urgent render, in one long task, instead of in the router's interruptible one (ADR 010).
 */
const titleCount = createStore<{ count: number }>(() => ({ count: 0 }));

/** Makes `count` the tab title's count while the calling component is mounted. */
export function useTitleCount(count: number): void {
  useEffect(() => {
    titleCount.setState({ count });
    return () => titleCount.setState({ count: 0 });
  }, [count]);
}

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const count = useStore(titleCount, (state) => state.count);
  return <title>{`${count > 0 ? `(${count > 99 ? '99+' : count}) ` : ''}${title} | ${t('app.name')}`}</title>;
}

import { createContext, use } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A count the tab title starts with, "(3) Chat | Atrium": the dashboard provides the signed-in user's unread
 * messages, so a background tab shows that something arrived.
 */
export const TitleCountContext = createContext(0);

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const count = use(TitleCountContext);
  return <title>{`${count > 0 ? `(${count > 99 ? '99+' : count}) ` : ''}${title} | ${t('app.name')}`}</title>;
}

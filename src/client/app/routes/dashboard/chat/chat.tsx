import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { ChatView } from '../../../../features/chat/views/chat-view.tsx';
import { PresenceMenuButton } from '../../../../features/presence/components/presence-menu-button.tsx';

/** `/dashboard/chat` and `/dashboard/chat/:conversationKey`. */
export function Component() {
  const { t } = useTranslation();
  const { conversationKey } = useParams();
  return (
    <>
      <PageTitle title={t('chat.pageTitle')} />
      <ChatView conversationKey={conversationKey} statusMenu={<PresenceMenuButton />} />
    </>
  );
}

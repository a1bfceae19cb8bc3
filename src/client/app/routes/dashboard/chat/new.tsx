import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { ChatView } from '../../../../features/chat/views/chat-view.tsx';
import { PresenceMenuButton } from '../../../../features/presence/components/presence-menu-button.tsx';

/** `/dashboard/chat/new`: pick recipients, send the first message. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('chat.newConversation')} />
      <ChatView compose statusMenu={<PresenceMenuButton />} />
    </>
  );
}

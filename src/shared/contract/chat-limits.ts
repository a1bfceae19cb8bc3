/** The chat's limits as plain constants (no zod: the chat's pages use them without loading the schemas). */
export const MESSAGE_MAX = 5000;
export const ATTACHMENTS_MAX = 10;
export const RECIPIENTS_MAX = 50;
export const GROUP_NAME_MAX = 100;
export const MESSAGES_PAGE = 30;
export const CONVERSATIONS_PAGE = 30;
/** Files listed in a room's side panel. */
export const SHARED_FILES_MAX = 60;

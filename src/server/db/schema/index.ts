export * from './account.ts';
export * from './users.ts';
export * from './contact.ts';
export * from './notifications.ts';
export * from './files.ts';
export * from './presence.ts';
export * from './chat.ts';
export * from './mail.ts';

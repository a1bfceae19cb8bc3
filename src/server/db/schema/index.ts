export * from './account.ts';
export * from './users.ts';

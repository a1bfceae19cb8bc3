/** Query keys of the workspace area (STYLE.md §3: keys start with the area). */
export const workspaceKeys = {
  all: ['workspace'] as const,
  settings: () => ['workspace', 'settings'] as const,
  invitations: () => ['workspace', 'invitations'] as const,
};

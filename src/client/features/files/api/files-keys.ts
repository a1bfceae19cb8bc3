/** Query keys of the files domain (STYLE.md §3: keys start with the domain). */
export const filesKeys = {
  all: ['files'] as const,
  lists: () => ['files', 'list'] as const,
  folders: (parentId: string | null) => ['files', 'folders', parentId] as const,
  usage: ['files', 'usage'] as const,
};

/**
 * The blog's limits and fixed lists (issue #14, ADR 029), without zod: the posts pages import these
 * (tabs, sorts, the form's limits) and zod stays out of their first load (the contract, posts.ts,
 * re-exports them and builds the schemas).
 */
export const POST_TITLE_MAX = 200;
/** A slug keeps at most this many characters (letters of any script, digits, hyphens). */
export const POST_SLUG_MAX = 100;
export const POST_DESCRIPTION_MAX = 1000;
/** HTML as the editor sends it, before sanitising. */
export const POST_CONTENT_MAX = 200_000;
export const POST_TAGS_MAX = 20;
export const POST_TAG_MAX = 40;
export const POST_META_TITLE_MAX = 200;
export const POST_META_DESCRIPTION_MAX = 500;
export const POST_META_KEYWORDS_MAX = 20;
export const POST_META_KEYWORD_MAX = 40;

export const POSTS_PAGE_SIZE = 24;
export const POSTS_PAGE_SIZE_MAX = 100;
/** `GET /api/posts/search`: suggestions answered at most. */
export const POST_SUGGESTIONS_MAX = 8;
/** How many of the people who liked a post a post's answer names (newest first). */
export const POST_LIKERS_SHOWN = 8;

/** Comments are plain text. */
export const COMMENT_MAX = 2000;
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE_MAX = 50;
/** Replies answered with each top-level comment (the newest are kept when there are more). */
export const COMMENT_REPLIES_SHOWN = 100;

export const postPublishStates = ['published', 'draft'] as const;
export type PostPublishState = (typeof postPublishStates)[number];

/** The list's tabs: `all` is every post the caller may see (published, and their own drafts). */
export const postTabs = ['all', 'published', 'draft'] as const;
export type PostTab = (typeof postTabs)[number];

/**
 * `latest`: newest first by when it was published (a draft by when it was written); `oldest`: the
 * reverse; `popular`: most viewed first.
 */
export const postSorts = ['latest', 'popular', 'oldest'] as const;
export type PostSort = (typeof postSorts)[number];

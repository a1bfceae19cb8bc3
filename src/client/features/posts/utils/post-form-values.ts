import type { CreatePostInput, Post } from '#shared/contract/posts.ts';

/** The post form's fields (the switches as booleans, the cover with its address for the preview). */
export type PostFormValues = {
  title: string;
  description: string;
  content: string;
  cover: { id: string; url: string } | null;
  tags: string[];
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string[];
  publish: boolean;
  allowComments: boolean;
  /** Featured on the overview: administrators only, sent on its own after the post (ADR 043). */
  featured: boolean;
};

export function postFormValues(post?: Post): PostFormValues {
  return {
    title: post?.title ?? '',
    description: post?.description ?? '',
    content: post?.content ?? '',
    cover: post?.coverId && post.coverUrl ? { id: post.coverId, url: post.coverUrl } : null,
    tags: post?.tags ?? [],
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    metaKeywords: post?.metaKeywords ?? [],
    publish: (post?.publish ?? 'draft') === 'published',
    allowComments: post?.allowComments ?? true,
    featured: post?.featured ?? false,
  };
}

/** The editor's empty document is no content at all. */
const emptyHtml = (html: string) => html.replace(/<p>\s*<\/p>/g, '').trim() === '';

/**
 * What the form sends: the shared schema (createPostInput, strict) checks exactly this first. `featured` is
 * not part of it: an administrator's choice, sent after the post is saved (`PUT /:id/featured`).
 */
export function toPostPayload(values: PostFormValues): CreatePostInput {
  return {
    title: values.title,
    description: values.description,
    content: emptyHtml(values.content) ? '' : values.content,
    coverId: values.cover?.id ?? null,
    tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    metaKeywords: values.metaKeywords.map((word) => word.trim()).filter(Boolean),
    publish: values.publish ? 'published' : 'draft',
    allowComments: values.allowComments,
  };
}

/**
 * What the server's render of the sign-in and public pages takes and gives (issue 31 A, ADR 060): the render
 * is src/client/entry-server.tsx (built into dist-ssr/), the server that calls it src/server/plugins/web-app.ts.
 */
import type { PublicConfig } from '../contract/account.ts';

/** An API read a page's first render shows, by its query's key (answered by the server, in-process). */
export type PageRead = { queryKey: readonly unknown[]; api: string };
export type PageQuery = { queryKey: readonly unknown[]; data: unknown };

export type RenderInput = {
  /** The request's path and query. */
  url: string;
  /** The request's cookies (the display settings and `i18nextLng`). */
  cookies: Record<string, string | undefined>;
  publicConfig: PublicConfig;
  /** The answers to the page's `readsOf(url)`, put in the query cache before the render (and the browser's). */
  queries?: PageQuery[];
};

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      /** `<html>`'s attributes: lang, dir, and the colour scheme's inline style (no flash before the CSS). */
      htmlAttributes: Record<string, string>;
      /** The page's `<title>` and its critical CSS (Emotion's style elements), for `<head>`. */
      head: string;
      /** What goes inside `<div id="root">`. */
      body: string;
      /**
       * `{ router, queries }`: the router's state for the browser's `createBrowserRouter({ hydrationData })`
       * and the query data the page was rendered with, as JSON.
       */
      hydrationData: string;
      /** The language it is in (`#root`'s `data-ssr`: the browser hydrates only in the same language). */
      language: string;
    }
  | { kind: 'redirect'; status: number; location: string };

/** The render's module, as the server loads it. */
export interface PageRenderer {
  render: (input: RenderInput) => Promise<RenderedPage | null>;
  /** What a page's HTML depends on besides the URL (language and display settings); null: not rendered. */
  pageKey: (input: RenderInput) => string | null;
  /** The API reads (GET paths) the page of a URL shows on its first render, by their query's key. */
  readsOf: (url: string) => PageRead[];
}

/** The script tag a site's pages carry: served by this instance, keyed by the site (no cookie, a few KiB). */
export function siteSnippet(key: string, origin: string): string {
  return `<script defer data-site="${key}" src="${origin}/analytics.js"></script>`;
}

/** A custom event, as a page sends it once the script has loaded. */
export const customEventExample = "atrium('signup')";

import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from editors (mail bodies now; blog posts and product descriptions later), made safe before it
 * is stored (issue #11): formatting, lists, quotes, code, links and pictures only. No scripts, event
 * handlers, `style` attributes, forms, frames or SVG; links only to http(s) and mailto and open in a new tab
 * without access to this page; pictures only from http(s) or our own files. Clients render nothing else.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    // The writing direction of a block (the editor marks each paragraph `auto`, so Arabic reads right to left).
    '*': [{ name: 'dir', multiple: false, values: ['auto', 'ltr', 'rtl'] }],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped script/style/textarea elements is dropped with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The readable text of (sanitised) HTML: blocks and line breaks become spaces, entities decoded. */
export function richTextToText(html: string): string {
  const spaced = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote|\/pre|\/tr)\b[^>]*>/gi, '$& ');
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: options.nonTextTags,
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

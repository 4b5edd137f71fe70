/**
 * Tenant Markdown to safe HTML. Markdown is rendered by marked (which passes
 * raw HTML through), then cleaned by sanitize-html with a strict allow-list: text
 * formatting, headings, lists, tables, quotes, code, links and images only; no script,
 * style, iframe, form, svg or event-handler attribute survives; links may only be
 * http(s), mailto, tel or site-relative, images only http(s) or site-relative.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's', 'sub', 'sup', 'small', 'mark',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
    'abbr', 'cite', 'q', 'time', 'span', 'div', 'details', 'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'scope', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    time: ['datetime'],
    abbr: ['title'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Anything not allowed is dropped with its content for these; other tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'form', 'select', 'button'],
  transformTags: {
    // Links leaving the site open without giving it a handle on the dealer's page.
    a: (tagName, attribs) => (/^https?:/i.test(attribs.href ?? '') ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};
SANITIZE.allowedAttributes = { ...(SANITIZE.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel'] };

/** Render a tenant's Markdown to sanitised HTML. */
export function createMarkdownRenderer(): (markdown: string) => string {
  const marked = new Marked({ gfm: true });
  return (markdown) => sanitizeHtml(marked.parse(markdown, { async: false }) as string, SANITIZE);
}

/**
 * Mastodon answers a status's text as HTML (`content`: paragraphs, line breaks,
 * links as anchors). Reconcile and first-comment lookups compare it with the text
 * we sent: both sides reduced to their words, with entities decoded and
 * whitespace collapsed.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[e.toLowerCase()] ?? whole;
    });
}

const words = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Whether a status's HTML content says the text we sent. */
export const sameText = (html: unknown, text: string): boolean =>
  typeof html === 'string' && words(plainText(html)) === words(text);

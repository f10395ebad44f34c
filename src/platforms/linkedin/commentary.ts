/**
 * LinkedIn "little text" for `commentary`: reserved characters are
 * backslash-escaped (unescaped ones make LinkedIn cut the post short and still
 * answer 201), URLs stay as they are so they link, `#tag` becomes a hashtag
 * element, and each mention's text becomes `@[text](urn)`.
 */
export interface Mention {
  text: string;
  urn: string;
}

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
export const escapeLittleText = (s: string) => s.replace(RESERVED, (c) => `\\${c}`);

const TOKENS = /(https?:\/\/[^\s]+)|#([\p{L}\p{N}_]+)/gu;

function plain(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOKENS)) {
    out += escapeLittleText(text.slice(last, m.index));
    out += m[1] ? m[1] : `{hashtag|\\#|${escapeLittleText(m[2] ?? '')}}`;
    last = m.index + m[0].length;
  }
  return out + escapeLittleText(text.slice(last));
}

export function toCommentary(content: string, mentions: readonly Mention[] = []): string {
  const spans = mentions
    .map((m) => ({ ...m, at: content.indexOf(m.text) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at);
  let out = '';
  let last = 0;
  for (const m of spans) {
    if (m.at < last) continue;
    out += plain(content.slice(last, m.at));
    out += `@[${escapeLittleText(m.text)}](${m.urn})`;
    last = m.at + m.text.length;
  }
  return out + plain(content.slice(last));
}

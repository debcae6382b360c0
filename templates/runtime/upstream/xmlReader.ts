/**
 * A small XML reader for upstream answers (AWS query protocol: upstream/queryAnswer.ts): elements and their text,
 * nothing else. It is bounded on purpose, because the body comes from the network: a document type declaration
 * is refused (so no external entity is ever fetched and no entity is ever expanded: no XXE, no billion laughs),
 * only the five predefined entities and character references are decoded, nesting and the element count are
 * capped, and one pass over the text with no backtracking reads it (the size is capped before, upstream/body.ts).
 * Attributes (`xmlns`) are skipped, and a namespace prefix is dropped from names.
 */

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own text (CDATA included), decoded; children's text is theirs. */
  text: string;
}

export interface XmlLimits {
  depth: number;
  elements: number;
}

/** Deeper than any AWS answer nests (Redshift's deepest is about 8), far below what a recursive reader would risk. */
export const XML_LIMITS: XmlLimits = { depth: 64, elements: 500_000 };

/** A document this reader will not read: malformed, a DTD or an unknown entity, or past a limit. */
export class XmlRefused extends Error {
  override readonly name = 'XmlRefused';
}

const NAME = /[A-Za-z_:][-\w.:]*/y;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The document's root element. Throws XmlRefused. */
export function parseXml(text: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt < 0 ? text.length : lt;
    if (end > at) addText(stack, text.slice(at, end), root);
    if (lt < 0) break;
    if (text.startsWith('<?', lt)) {
      at = after(text, '?>', lt, 'processing instruction');
    } else if (text.startsWith('<!--', lt)) {
      at = after(text, '-->', lt, 'comment');
    } else if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt);
      if (close < 0) throw new XmlRefused('unterminated CDATA section');
      if (stack.length === 0) throw new XmlRefused('text outside the root element');
      stack.at(-1)!.text += text.slice(lt + 9, close);
      at = close + 3;
    } else if (text.startsWith('<!', lt)) {
      // <!DOCTYPE …> and anything else a DTD brings: the only door to entity expansion and external fetches.
      throw new XmlRefused('a document type declaration (DOCTYPE) is not accepted');
    } else if (text[lt + 1] === '/') {
      const name = readName(text, lt + 2);
      const close = text.indexOf('>', lt + 2 + name.length);
      const open = stack.pop();
      if (close < 0 || !open || localName(name) !== open.name || text.slice(lt + 2 + name.length, close).trim() !== '') {
        throw new XmlRefused(`unexpected closing tag </${name.slice(0, 64)}>`);
      }
      at = close + 1;
    } else {
      const name = readName(text, lt + 1);
      const close = tagEnd(text, lt + 1 + name.length);
      if (root && stack.length === 0) throw new XmlRefused('more than one root element');
      if (++count > limits.elements) throw new XmlRefused(`more than ${limits.elements} elements`);
      if (stack.length >= limits.depth) throw new XmlRefused(`elements nested deeper than ${limits.depth} levels`);
      const element: XmlElement = { name: localName(name), children: [], text: '' };
      if (stack.length > 0) stack.at(-1)!.children.push(element);
      else root = element;
      if (text[close - 1] !== '/') stack.push(element);
      at = close + 1;
    }
  }
  if (!root) throw new XmlRefused('no root element');
  if (stack.length > 0) throw new XmlRefused(`unclosed element <${stack.at(-1)!.name}>`);
  return root;
}

function addText(stack: XmlElement[], raw: string, root: XmlElement | undefined): void {
  if (stack.length === 0) {
    if (raw.trim() !== '') throw new XmlRefused(root ? 'text after the root element' : 'text before the root element');
    return;
  }
  stack.at(-1)!.text += decodeEntities(raw);
}

function after(text: string, close: string, from: number, what: string): number {
  const at = text.indexOf(close, from);
  if (at < 0) throw new XmlRefused(`unterminated ${what}`);
  return at + close.length;
}

function readName(text: string, at: number): string {
  NAME.lastIndex = at;
  const match = NAME.exec(text);
  if (!match) throw new XmlRefused(`a tag without a valid name at offset ${at}`);
  return match[0];
}

/** `ns:Name` → `Name`: AWS answers put their names in one default namespace; a prefix carries no meaning here. */
function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** The index of the `>` that ends a start tag, past its attributes (a quoted value may hold `>`). */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '<') break;
    else if (c === '>') return i;
  }
  throw new XmlRefused('unterminated start tag');
}

/** The predefined entities and character references; any other entity would need a DTD, which is refused. */
export function decodeEntities(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  const parts: string[] = [];
  let from = 0;
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp);
    if (semi < 0 || semi - amp > 12) throw new XmlRefused('a bare "&" in text');
    parts.push(raw.slice(from, amp), entity(raw.slice(amp + 1, semi)));
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  parts.push(raw.slice(from));
  return parts.join('');
}

function entity(ref: string): string {
  const named = Object.hasOwn(ENTITIES, ref) ? ENTITIES[ref] : undefined;
  if (named !== undefined) return named;
  const code = /^#x[0-9a-f]{1,6}$/i.test(ref) ? Number.parseInt(ref.slice(2), 16) : /^#\d{1,7}$/.test(ref) ? Number(ref.slice(1)) : -1;
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlRefused(`an undeclared entity "&${ref};"`);
  return String.fromCodePoint(code);
}

/**
 * Indents XML for reading (the CIS requests and answers kept with each send): one element per line,
 * an element holding only text kept on its line (`<tns:Jir>…</tns:Jir>`), comments, CDATA and
 * processing instructions left as they are. Whitespace between tags is dropped and text is trimmed,
 * so the result is for the eye only: a signed document is copied as it was sent, never as shown.
 * Malformed input is not refused: whatever cannot be read as a tag is kept as text.
 */
export function indentXml(xml: string, indent = '  '): string {
  const tokens = tokenize(xml);
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const pad = indent.repeat(depth);
    if (token.kind === 'open') {
      const text = tokens[i + 1];
      const close = tokens[i + 2];
      // `<a>text</a>` and `<a></a>` stay on one line.
      if (text?.kind === 'text' && close?.kind === 'close') {
        lines.push(`${pad}${token.value}${text.value}${close.value}`);
        i += 2;
      } else if (text?.kind === 'close') {
        lines.push(`${pad}${token.value}${text.value}`);
        i += 1;
      } else {
        lines.push(`${pad}${token.value}`);
        depth++;
      }
    } else if (token.kind === 'close') {
      depth = Math.max(0, depth - 1);
      lines.push(`${indent.repeat(depth)}${token.value}`);
    } else {
      lines.push(`${pad}${token.value}`);
    }
  }
  return lines.join('\n');
}

interface Token {
  /** `other`: a self-closing element, a comment, CDATA, a declaration or processing instruction. */
  kind: 'open' | 'close' | 'text' | 'other';
  value: string;
}

/** The ends of the constructs that may hold a `>` before they end. */
const SPECIAL: readonly [start: string, end: string][] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
];

function tokenize(xml: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt === -1 ? xml.length : lt;
    const text = xml.slice(at, textEnd).trim();
    if (text) tokens.push({ kind: 'text', value: text });
    if (lt === -1) break;
    const special = SPECIAL.find(([start]) => xml.startsWith(start, lt));
    const end = special ? endOf(xml, lt, special[1]) : tagEnd(xml, lt);
    if (end === -1) {
      // An unclosed construct: the rest is kept as it is.
      tokens.push({ kind: 'text', value: xml.slice(lt).trim() });
      break;
    }
    const value = xml.slice(lt, end);
    const kind = special || value.startsWith('<!') || value.endsWith('/>') ? 'other' : value.startsWith('</') ? 'close' : 'open';
    tokens.push({ kind, value });
    at = end;
  }
  return tokens;
}

function endOf(xml: string, from: number, marker: string): number {
  const found = xml.indexOf(marker, from);
  return found === -1 ? -1 : found + marker.length;
}

/** The end of a tag that starts at `from`: its `>`, skipping any inside quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote: string | null = null;
  for (let i = from + 1; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return -1;
}

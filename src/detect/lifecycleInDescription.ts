/**
 * A lifecycle an AWS description writes out as a chain of states (Personalize, Forecast: "CREATE PENDING >
 * CREATE IN_PROGRESS > ACTIVE -or- CREATE FAILED", one chain per list item, beside lone items such as
 * "DELETE PENDING"). The values hold spaces, so the identifier scans of statusValuesInDescription miss them.
 * Only a description with at least one whole chain counts: a `>` in prose ("size > 5") is no lifecycle.
 */

/** One to three upper-case words: `ACTIVE`, `CREATE PENDING`, `CREATE IN_PROGRESS`. */
const VALUE = /^[A-Z][A-Z0-9_]{1,40}(?: [A-Z][A-Z0-9_]{1,40}){0,2}$/;
/** A chain's separators: the arrow and the branch to the failure. */
const SEPARATOR = /\s*(?:>|-or-)\s*/;

export function lifecycleChainValues(text: string): string[] {
  if (!text || (!text.includes('&gt;') && !text.includes('>'))) return [];
  // List items and paragraphs first (their tags), then the arrows HTML escapes.
  const segments = text
    .split(/<\/?(?:li|p|ul|ol)\b[^>]*>|\n/i)
    .map((s) =>
      s
        .replace(/<\/?[a-z]+[^>]*>/gi, ' ')
        .replace(/&gt;/g, '>')
        .trim(),
    )
    .filter((s) => s.length > 0);
  const chains = segments.filter((s) => s.includes('>')).map((s) => s.split(SEPARATOR));
  const whole = chains.filter((pieces) => pieces.length >= 2 && pieces.every((p) => VALUE.test(p)));
  if (whole.length === 0) return [];
  const found = new Set<string>(whole.flat());
  // Lone states listed beside a chain (`DELETE PENDING`): further values of the same lifecycle.
  for (const s of segments) if (!s.includes('>') && VALUE.test(s)) found.add(s);
  return [...found];
}

/**
 * A string that matches a contract's `pattern`, for the contract fake (contractFake.ts) and the corpus run sweep,
 * which must send and answer values a generated server accepts: the server checks patterns (re2js). A small
 * parser of the regex subset contracts use (classes, escapes, groups, alternation, quantifiers); lookarounds and
 * anchors match empty. Each quantifier repeats `want` times within its bounds, and the caller tries a few `want`s
 * until the result fits the pattern and the length bounds (`samplePattern`).
 */

type Node =
  | { kind: 'chars'; pick: string }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const PRINTABLE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/@ +=,';

/** The first printable character a class accepts (`[^…]` included), else `a`. */
function pickFrom(test: (ch: string) => boolean): string {
  for (const ch of PRINTABLE) if (test(ch)) return ch;
  return 'a';
}

const ESCAPES: Record<string, (ch: string) => boolean> = {
  d: (c) => /\d/.test(c),
  D: (c) => !/\d/.test(c),
  w: (c) => /\w/.test(c),
  W: (c) => !/\w/.test(c),
  s: (c) => c === ' ',
  S: (c) => c !== ' ',
};

class Parser {
  i = 0;
  constructor(readonly src: string) {}

  parseAlt(): Node {
    const options = [this.parseSeq()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.parseSeq());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  parseSeq(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      items.push(this.parseQuantified(this.parseAtom()));
    }
    return { kind: 'seq', items };
  }

  parseQuantified(node: Node): Node {
    const ch = this.src[this.i];
    let min: number;
    let max: number;
    if (ch === '*') [min, max] = [0, Number.POSITIVE_INFINITY];
    else if (ch === '+') [min, max] = [1, Number.POSITIVE_INFINITY];
    else if (ch === '?') [min, max] = [0, 1];
    else if (ch === '{') {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(this.src.slice(this.i));
      if (!m) return node;
      min = m[1] ? Number(m[1]) : 0;
      max = m[2] ? (m[3] ? Number(m[3]) : Number.POSITIVE_INFINITY) : min;
      this.i += m[0].length - 1;
    } else return node;
    this.i++;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++;
    return this.parseQuantified({ kind: 'repeat', node, min, max });
  }

  parseAtom(): Node {
    const ch = this.src[this.i++]!;
    if (ch === '^' || ch === '$') return { kind: 'empty' };
    if (ch === '.') return { kind: 'chars', pick: 'a' };
    if (ch === '[') return this.parseClass();
    if (ch === '(') {
      let skip = false;
      if (this.src[this.i] === '?') {
        const rest = this.src.slice(this.i);
        const look = /^\?(<?[=!])/.exec(rest);
        if (look) skip = true;
        const head = /^\?(<?[=!]|:|<[A-Za-z_][\w]*>|P<[A-Za-z_][\w]*>|[a-z]*:)/.exec(rest);
        this.i += head ? head[0].length : 1;
      }
      const inner = this.parseAlt();
      if (this.src[this.i] === ')') this.i++;
      return skip ? { kind: 'empty' } : inner;
    }
    if (ch === '\\') return this.parseEscape();
    return { kind: 'chars', pick: ch };
  }

  parseEscape(): Node {
    const e = this.src[this.i++] ?? '\\';
    if (ESCAPES[e]) return { kind: 'chars', pick: pickFrom(ESCAPES[e]) };
    if (e === 'b' || e === 'B' || e === 'A' || e === 'z' || e === 'Z') return { kind: 'empty' };
    if (e === 'p' || e === 'P') {
      const m = /^\{[^}]*\}/.exec(this.src.slice(this.i));
      if (m) this.i += m[0].length;
      return { kind: 'chars', pick: e === 'p' ? 'a' : ' ' };
    }
    return { kind: 'chars', pick: this.literalEscape(e) };
  }

  literalEscape(e: string): string {
    if (e === 'u' || e === 'x') {
      const m =
        e === 'u'
          ? /^(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/.exec(this.src.slice(this.i))
          : /^([0-9a-fA-F]{2})/.exec(this.src.slice(this.i));
      if (m) {
        this.i += m[0].length;
        return String.fromCodePoint(Number.parseInt(m[1] ?? m[2]!, 16));
      }
    }
    return ({ n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', 0: '\0' } as Record<string, string>)[e] ?? e;
  }

  /** `[…]`: the first printable character it accepts, tested against the class itself. */
  parseClass(): Node {
    const start = this.i - 1;
    let depth = 0;
    while (this.i < this.src.length) {
      const c = this.src[this.i++];
      if (c === '\\') this.i++;
      else if (c === '[') depth++;
      else if (c === ']') {
        if (depth === 0 && this.i - 1 > start + 1 && !(this.i - 2 === start + 1 && this.src[start + 1] === '^')) break;
        if (depth > 0) depth--;
      }
    }
    const text = this.src.slice(start, this.i);
    let re: RegExp | undefined;
    for (const flags of ['u', '']) {
      try {
        re = new RegExp(`^${text}$`, flags);
        break;
      } catch {
        /* try without `u` */
      }
    }
    if (!re) return { kind: 'chars', pick: 'a' };
    const tester = re;
    const found = pickFrom((c) => tester.test(c));
    if (tester.test(found)) return { kind: 'chars', pick: found };
    // Only letters outside ASCII (`[\u00C0-\u00FF]`): try the class's own range starts.
    for (const m of text.matchAll(/\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g)) {
      const c = String.fromCodePoint(Number.parseInt(m[1] ?? m[2]!, 16));
      if (tester.test(c)) return { kind: 'chars', pick: c };
    }
    return { kind: 'chars', pick: found };
  }
}

function render(node: Node, want: number): string {
  switch (node.kind) {
    case 'chars':
      return node.pick;
    case 'empty':
      return '';
    case 'seq':
      return node.items.map((n) => render(n, want)).join('');
    case 'alt':
      return render(node.options[0]!, want);
    case 'repeat': {
      const count = Math.max(node.min, Math.min(node.max, want));
      return render(node.node, want).repeat(count);
    }
  }
}

function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      /* next */
    }
  }
  return undefined;
}

/** A string matching `pattern` within the length bounds, or undefined when this sampler cannot make one. */
export function samplePattern(pattern: string, minLength = 0, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  let ast: Node;
  try {
    ast = new Parser(pattern).parseAlt();
  } catch {
    return undefined;
  }
  const re = compile(pattern);
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength && (re === undefined || re.test(s));
  for (const want of [1, 2, 3, 5, 8, 12, 20, 32, 64, 0]) {
    const s = render(ast, want);
    if (fits(s)) return s;
    // An unanchored pattern matches inside a longer string: pad to the minimum length.
    if (!pattern.startsWith('^') && s.length < minLength && fits(s + 'a'.repeat(minLength - s.length)))
      return s + 'a'.repeat(minLength - s.length);
  }
  return undefined;
}

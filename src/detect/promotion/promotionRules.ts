/**
 * Which plain operations the contract suggests are slow or costly, as data: each rule reads one kind of
 * evidence from the IR and carries a weight (strong 1, medium 0.5, weak 0.25). An operation is promoted by
 * default (a call past JOB_PROMOTE_AFTER_MS answers with a job handle) when its weights add up to
 * PROMOTE_SCORE; a GET needs READ_SCORE, because reads are usually quick. No rule names an API or a vendor:
 * they read durations in prose, declared timeouts, metered usage, media produced, generation inputs and
 * processing verbs, the way a reader of any contract would.
 */
import type { Operation } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { nameTokens } from '../read/nameTokens.js';
import { splitPath, successResponses } from '../read/operationIndex.js';
import { memoByString } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { fileBodyField, generationBodyField, inlineMediaAnswerField, meteredAnswerField } from './promotionFields.js';

export const STRONG = 1;
export const MEDIUM = 0.5;
export const WEAK = 0.25;
export const PROMOTE_SCORE = 1;
export const READ_SCORE = 1.5;
/** A stated duration (or declared timeout) below this is not evidence of slowness. */
export const SLOW_MS = 10_000;

export interface RuleHit {
  rule: string;
  weight: number;
  evidence: string;
  /** A duration the evidence states (the expected duration of a call). */
  expectedDurationMs?: number;
  /** A timeout the contract declares (the background request's timeout). */
  timeoutMs?: number;
}

export interface PromotionRule {
  id: string;
  test(op: Operation, reader: SchemaReader): RuleHit | null;
}

const UNIT_MS: Array<[RegExp, number]> = [
  [/^(ms|millis|milliseconds?)$/, 1],
  [/^(s|secs?|seconds?)$/, 1000],
  [/^(m|mins?|minutes?)$/, 60_000],
  [/^(h|hrs?|hours?)$/, 3_600_000],
];

function unitMs(unit: string): number | null {
  const u = unit.toLowerCase();
  for (const [pattern, ms] of UNIT_MS) if (pattern.test(u)) return ms;
  return null;
}

/**
 * A pattern over prose, with words every match of it contains (lower case): GitHub's 1,223 descriptions (560 kB)
 * are read by six patterns, and one search for the words in the lower-cased text first is much cheaper. The
 * patterns are case-insensitive without the `u` flag, so their letters match ASCII letters only, which lower-case
 * into the same words (memoEquivalence.test.ts checks that every match holds one).
 */
export interface ProsePattern {
  pattern: RegExp;
  needs: readonly string[];
  /** `needs` as one search (they are plain lower-case letters and spaces). */
  search: RegExp;
}

function prosePattern(pattern: RegExp, needs: readonly string[]): ProsePattern {
  return { pattern, needs, search: new RegExp(needs.join('|')) };
}

/** "can take up to 2 minutes", "takes 30-90 seconds", "times out after 120 s" → the (upper) duration in ms. */
export const STATED_DURATION: ProsePattern = prosePattern(
  /\b(?:takes?|taking|lasts?|runs? for|wait(?:s|ing)?|up to|as long as|around|about|approximately|between|times? out after|timeout of)\s+(?:up to\s+|about\s+|around\s+)?(\d+(?:\.\d+)?)(?:\s*(?:-|–|to|and)\s*(\d+(?:\.\d+)?))?\s*(milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|hours?|hrs?|h)\b/i,
  ['tak', 'last', 'run', 'wait', 'up to', 'as long as', 'around', 'about', 'approximately', 'between', 'time'],
);

/** Phrases that say "slow" without a number. */
export const SLOW_PHRASES: readonly ProsePattern[] = [
  // "long-running request", not "a long-running operation" (AIP-151's noun for the job resource itself).
  prosePattern(/\blong[- ]running (?:request|call|process|computation)\b/i, ['long']),
  prosePattern(/\b(?:several|a few|many) (?:seconds|minutes|hours)\b/i, ['second', 'minute', 'hour']),
  prosePattern(/\b(?:can|may|could|might|will) take (?:a while|some time|a long time|longer|several|minutes|hours)\b/i, [' take ']),
  prosePattern(/\btime[- ]consuming\b/i, ['consuming']),
  prosePattern(/\b(?:slow|expensive|compute[- ]intensive|resource[- ]intensive) (?:operation|request|endpoint|call|process)\b/i, [
    'slow',
    'expensive',
    'intensive',
  ]),
];

/** Any word of any prose pattern: most descriptions hold none. */
const ANY_PROSE_WORD = new RegExp([STATED_DURATION, ...SLOW_PHRASES].flatMap((p) => p.needs).join('|'));

export function statedDurationMs(text: string): number | null {
  return statedDurationIn(text, text.toLowerCase());
}

function statedDurationIn(text: string, lower: string): number | null {
  // The pattern also needs a digit: most descriptions have none.
  if (!STATED_DURATION.search.test(lower) || !/\d/.test(text)) return null;
  const m = STATED_DURATION.pattern.exec(text);
  if (!m) return null;
  const value = Number(m[2] ?? m[1]);
  const ms = unitMs(m[3]!);
  return ms === null || !Number.isFinite(value) ? null : Math.round(value * ms);
}

function prose(op: Operation): string {
  return [op.summary, op.description].filter(Boolean).join(' ');
}

/** The sentence of `text` around position `at` (what a reader would quote as the evidence). */
function sentenceAt(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('.', at - 1), text.lastIndexOf('\n', at - 1)) + 1;
  const end = text.slice(at).search(/[.\n]/);
  return text.slice(start, end < 0 ? undefined : at + end + 1).trim();
}

function clip(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

const METER_HEADER_WORDS = new Set(['credit', 'credits', 'cost', 'billing', 'billed', 'usage']);

const MEDIA_OUT = /^(audio|image|video|model)\/|^application\/(pdf|zip|x-zip-compressed|gzip)$/i;

/** Roots of verbs (and their nouns) that name generating, converting or processing work. */
const PROCESSING_ROOTS = [
  'generat',
  'render',
  'transcri',
  'translat',
  'synthes',
  'speech',
  'convert',
  'conversion',
  'export',
  'report',
  'analy',
  'summari',
  'upscal',
  'train',
  'predict',
  'infer',
  'completion',
  'compil',
  'process',
  'encod',
  'transcod',
  'ocr',
];
/** A token starting with one of PROCESSING_ROOTS, in one test. */
const PROCESSING_ROOT = new RegExp(`^(?:${PROCESSING_ROOTS.join('|')})`);

function nestedTimeout(extensions: Record<string, unknown>): { key: string; value: number } | null {
  // The value is tested first: most extension values are no positive number, and then the key is never built.
  const positive = (value: unknown): value is number => typeof value === 'number' && value > 0;
  for (const key of Object.keys(extensions)) {
    const value = extensions[key];
    if (positive(value) && /timeout/i.test(key)) return { key, value };
    if (!isObject(value)) continue;
    for (const inner of Object.keys(value)) {
      const innerValue = value[inner];
      if (positive(innerValue) && /timeout/i.test(`${key}.${inner}`)) return { key: `${key}.${inner}`, value: innerValue };
    }
  }
  return null;
}

/** A timeout value's unit from its key (`timeoutInMillis`, `timeout_seconds`), else by magnitude. */
function timeoutMs(key: string, value: number): number {
  const words = nameTokens(key);
  if (words.some((w) => /^(ms|millis|milliseconds)$/.test(w))) return value;
  if (words.some((w) => /^(s|sec|secs|seconds)$/.test(w))) return value * 1000;
  return value >= 1000 ? value : value * 1000;
}

/** The path without its query and parameters (`/v1/{model}:generate` → `/v1/:generate`), once per path. */
const bareAddress = memoByString((path) => splitPath(path).pathname.replace(/\{[^{}]+\}/g, ''));

/** Some root anywhere in a lower-cased text: a token that starts with a root needs it. */
const PROCESSING_ROOT_ANYWHERE = new RegExp(PROCESSING_ROOTS.join('|'));

export const PROMOTION_RULES: readonly PromotionRule[] = [
  {
    id: 'stated-duration',
    test(op) {
      const text = prose(op);
      const lower = text.toLowerCase();
      if (!ANY_PROSE_WORD.test(lower)) return null;
      const ms = statedDurationIn(text, lower);
      if (ms !== null && ms >= SLOW_MS) {
        const quote = clip(sentenceAt(text, STATED_DURATION.pattern.exec(text)!.index));
        return { rule: this.id, weight: STRONG, evidence: `the description states a duration: "${quote}"`, expectedDurationMs: ms };
      }
      let phrase: string | undefined;
      for (const p of SLOW_PHRASES) {
        phrase = p.search.test(lower) ? p.pattern.exec(text)?.[0] : undefined;
        if (phrase) break;
      }
      return phrase ? { rule: this.id, weight: STRONG, evidence: `the description says it is slow ("${phrase}")` } : null;
    },
  },
  {
    id: 'declared-timeout',
    test(op) {
      const hit = nestedTimeout(op.extensions);
      if (!hit) return null;
      const ms = timeoutMs(hit.key, hit.value);
      if (ms < SLOW_MS) return null;
      return {
        rule: this.id,
        weight: ms >= 30_000 ? STRONG : MEDIUM,
        evidence: `${hit.key} declares a ${Math.round(ms / 1000)} s timeout`,
        timeoutMs: ms,
      };
    },
  },
  {
    id: 'metered-usage',
    test(op, reader) {
      const field = meteredAnswerField(op, reader);
      if (field?.kind === 'meter') {
        return {
          rule: this.id,
          weight: STRONG,
          evidence: `the response reports metered usage (\`${field.name}\`): each call is paid work`,
        };
      }
      if (field) return { rule: this.id, weight: MEDIUM, evidence: `the response reports what the call cost (\`${field.name}\`)` };
      for (const r of successResponses(op)) {
        const header = r.headers.find((h) => nameTokens(h.name).some((w) => METER_HEADER_WORDS.has(w)));
        if (header) return { rule: this.id, weight: MEDIUM, evidence: `the response header \`${header.name}\` meters the call` };
      }
      return null;
    },
  },
  {
    id: 'media-output',
    test(op, reader) {
      if (op.method === 'GET' || op.method === 'HEAD') return null;
      for (const r of successResponses(op)) {
        const media = r.content.find((c) => MEDIA_OUT.test(c.mediaType));
        if (media) return { rule: this.id, weight: MEDIUM, evidence: `it produces ${media.mediaType} (generated or converted media)` };
      }
      const field = inlineMediaAnswerField(op, reader);
      return field ? { rule: this.id, weight: MEDIUM, evidence: `it returns media inline (\`${field.name}\`, base64)` } : null;
    },
  },
  {
    id: 'generation-inputs',
    test(op, reader) {
      const field = generationBodyField(op, reader);
      if (field?.kind === 'generation') return { rule: this.id, weight: MEDIUM, evidence: `it takes generation input (\`${field.name}\`)` };
      return field ? { rule: this.id, weight: MEDIUM, evidence: `it runs a model on input (\`model\` + \`${field.name}\`)` } : null;
    },
  },
  {
    id: 'processing-verb',
    test(op) {
      const id = op.operationId ?? '';
      const path = bareAddress(op.path);
      // A token can only start with a root the lower-cased text contains: most names contain none.
      if (!PROCESSING_ROOT_ANYWHERE.test(id.toLowerCase()) && !PROCESSING_ROOT_ANYWHERE.test(path.toLowerCase())) return null;
      const tokens = [...nameTokens(id), ...nameTokens(path)];
      const word = tokens.find((t) => PROCESSING_ROOT.test(t));
      return word ? { rule: this.id, weight: MEDIUM, evidence: `its name says it does processing work ("${word}")` } : null;
    },
  },
  {
    id: 'media-upload',
    test(op, reader) {
      const content = op.requestBody?.content ?? [];
      if (content.some((c) => /^multipart\//i.test(c.mediaType) || /^(audio|image|video)\//i.test(c.mediaType))) {
        return { rule: this.id, weight: WEAK, evidence: 'it takes a file upload' };
      }
      const field = fileBodyField(op, reader);
      return field ? { rule: this.id, weight: WEAK, evidence: `it takes a file (\`${field.name}\`)` } : null;
    },
  },
  {
    id: 'timeout-responses',
    test(op) {
      const r = op.responses.find((x) => x.status === '504' || x.status === '408' || x.status === '524');
      return r ? { rule: this.id, weight: WEAK, evidence: `it declares a ${r.status} (timeout) answer` } : null;
    },
  },
];

/** An answer streamed as server-sent events cannot be held as a job result. */
export function streamsAnswer(op: Operation): boolean {
  const ok = successResponses(op).flatMap((r) => r.content);
  return ok.length > 0 && ok.every((c) => /^text\/event-stream/i.test(c.mediaType));
}

/**
 * Which plain operations the contract suggests are slow or costly, as data: each rule reads one kind of
 * evidence from the IR and carries a weight (strong 1, medium 0.5, weak 0.25). An operation is promoted by
 * default (a call past JOB_PROMOTE_AFTER_MS answers with a job handle) when its weights add up to
 * PROMOTE_SCORE; a GET needs READ_SCORE, because reads are usually quick. No rule names an API or a vendor:
 * they read durations in prose, declared timeouts, metered usage, media produced, generation inputs and
 * processing verbs, the way a reader of any contract would.
 */
import type { JsonSchema, Operation } from '../model/ir.js';
import { splitPath, successResponses } from './operationIndex.js';
import type { SchemaReader } from './schemaWalk.js';
import { isObject } from './schemaWalk.js';

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

/** `createImageVariation`, `/audio/transcriptions`, `text-to-speech` → lower-case word tokens. */
export function wordTokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
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

/** "can take up to 2 minutes", "takes 30-90 seconds", "times out after 120 s" → the (upper) duration in ms. */
const STATED_DURATION =
  /\b(?:takes?|taking|lasts?|runs? for|wait(?:s|ing)?|up to|as long as|around|about|approximately|between|times? out after|timeout of)\s+(?:up to\s+|about\s+|around\s+)?(\d+(?:\.\d+)?)(?:\s*(?:-|–|to|and)\s*(\d+(?:\.\d+)?))?\s*(milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|hours?|hrs?|h)\b/i;

/** Phrases that say "slow" without a number. */
const SLOW_PHRASES = [
  // "long-running request", not "a long-running operation" (AIP-151's noun for the job resource itself).
  /\blong[- ]running (?:request|call|process|computation)\b/i,
  /\b(?:several|a few|many) (?:seconds|minutes|hours)\b/i,
  /\b(?:can|may|could|might|will) take (?:a while|some time|a long time|longer|several|minutes|hours)\b/i,
  /\btime[- ]consuming\b/i,
  /\b(?:slow|expensive|compute[- ]intensive|resource[- ]intensive) (?:operation|request|endpoint|call|process)\b/i,
];

export function statedDurationMs(text: string): number | null {
  const m = STATED_DURATION.exec(text);
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

/** Per reader (one model), the properties of a response schema one level into objects, built once per schema. */
const schemaPropertiesCache = new WeakMap<SchemaReader, Map<JsonSchema | undefined, ReadonlyMap<string, JsonSchema>>>();

function schemaProperties(schema: JsonSchema | undefined, reader: SchemaReader): ReadonlyMap<string, JsonSchema> {
  let bySchema = schemaPropertiesCache.get(reader);
  if (bySchema === undefined) {
    bySchema = new Map();
    schemaPropertiesCache.set(reader, bySchema);
  }
  let out = bySchema.get(schema);
  if (out === undefined) {
    const built = new Map<string, JsonSchema>();
    for (const [name, s] of reader.properties(schema)) {
      built.set(name, s);
      for (const [inner, innerSchema] of reader.properties(s)) built.set(`${name}.${inner}`, innerSchema);
    }
    bySchema.set(schema, built);
    out = built;
  }
  return out;
}

/**
 * Tokens of every property name in the 2xx JSON responses, one level into objects (`usage.total_tokens`). GitHub's
 * operations answer a few hundred schemas (`full-repository` has 100 properties, many of them objects): each is
 * read once, and an operation with one JSON answer gets that schema's map as it is.
 */
function responseProperties(op: Operation, reader: SchemaReader): ReadonlyMap<string, JsonSchema> {
  const parts: ReadonlyMap<string, JsonSchema>[] = [];
  for (const r of successResponses(op)) {
    for (const c of r.content) if (/json/i.test(c.mediaType)) parts.push(schemaProperties(c.schema, reader));
  }
  if (parts.length === 1) return parts[0]!;
  // Later answers overwrite earlier ones' values in place, as setting them one by one did.
  const out = new Map<string, JsonSchema>();
  for (const part of parts) for (const [name, schema] of part) out.set(name, schema);
  return out;
}

function bodyProperties(op: Operation, reader: SchemaReader): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const c of op.requestBody?.content ?? []) for (const [name, schema] of reader.properties(c.schema)) out.set(name, schema);
  return out;
}

const METER_WORDS = new Set(['tokens', 'credits', 'credit', 'units', 'characters', 'cost', 'billed', 'billable']);
const COST_FIELDS = new Set(['cost', 'costs', 'credits', 'billed', 'billing']);
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

const GENERATION_INPUTS = new Set(['prompt', 'prompts', 'messages']);
const MODEL_COMPANIONS = new Set(['input', 'text', 'file', 'audio', 'image', 'instructions', 'query']);

function nestedTimeout(extensions: Record<string, unknown>): { key: string; value: number } | null {
  const look = (key: string, value: unknown): { key: string; value: number } | null =>
    /timeout/i.test(key) && typeof value === 'number' && value > 0 ? { key, value } : null;
  for (const [key, value] of Object.entries(extensions)) {
    const hit = look(key, value);
    if (hit) return hit;
    if (isObject(value))
      for (const [inner, innerValue] of Object.entries(value)) {
        const deep = look(`${key}.${inner}`, innerValue);
        if (deep) return deep;
      }
  }
  return null;
}

/** A timeout value's unit from its key (`timeoutInMillis`, `timeout_seconds`), else by magnitude. */
function timeoutMs(key: string, value: number): number {
  const words = wordTokens(key);
  if (words.some((w) => /^(ms|millis|milliseconds)$/.test(w))) return value;
  if (words.some((w) => /^(s|sec|secs|seconds)$/.test(w))) return value * 1000;
  return value >= 1000 ? value : value * 1000;
}

export const PROMOTION_RULES: readonly PromotionRule[] = [
  {
    id: 'stated-duration',
    test(op) {
      const text = prose(op);
      const ms = statedDurationMs(text);
      if (ms !== null && ms >= SLOW_MS) {
        const quote = clip(sentenceAt(text, STATED_DURATION.exec(text)!.index));
        return { rule: this.id, weight: STRONG, evidence: `the description states a duration: "${quote}"`, expectedDurationMs: ms };
      }
      let phrase: string | undefined;
      for (const p of SLOW_PHRASES) {
        phrase = p.exec(text)?.[0];
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
      for (const [name, schema] of responseProperties(op, reader)) {
        // `[top, inner] = name.split('.')`, without an array per property of every answer.
        const dot = name.indexOf('.');
        const top = dot < 0 ? name : name.slice(0, dot);
        const next = dot < 0 ? -1 : name.indexOf('.', dot + 1);
        const inner = dot < 0 ? undefined : name.slice(dot + 1, next < 0 ? undefined : next);
        if (top === 'usage' && inner !== undefined && wordTokens(inner).some((w) => METER_WORDS.has(w))) {
          return { rule: this.id, weight: STRONG, evidence: `the response reports metered usage (\`${name}\`): each call is paid work` };
        }
        if (inner === undefined && COST_FIELDS.has(top.toLowerCase()) && reader.typeOf(schema) !== 'string') {
          return { rule: this.id, weight: MEDIUM, evidence: `the response reports what the call cost (\`${name}\`)` };
        }
      }
      for (const r of successResponses(op)) {
        const header = r.headers.find((h) => wordTokens(h.name).some((w) => METER_HEADER_WORDS.has(w)));
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
      for (const [name, schema] of responseProperties(op, reader)) {
        const s = reader.resolve(schema);
        const last = name.slice(name.lastIndexOf('.') + 1);
        if (s?.['format'] === 'byte' || /^b64_|base64/i.test(last)) {
          return { rule: this.id, weight: MEDIUM, evidence: `it returns media inline (\`${name}\`, base64)` };
        }
      }
      return null;
    },
  },
  {
    id: 'generation-inputs',
    test(op, reader) {
      const names = [...bodyProperties(op, reader).keys()].map((n) => n.toLowerCase());
      const generation = names.find((n) => GENERATION_INPUTS.has(n));
      if (generation) return { rule: this.id, weight: MEDIUM, evidence: `it takes generation input (\`${generation}\`)` };
      const companion = names.includes('model') ? names.find((n) => MODEL_COMPANIONS.has(n)) : undefined;
      return companion ? { rule: this.id, weight: MEDIUM, evidence: `it runs a model on input (\`model\` + \`${companion}\`)` } : null;
    },
  },
  {
    id: 'processing-verb',
    test(op) {
      const tokens = [...wordTokens(op.operationId ?? ''), ...wordTokens(splitPath(op.path).pathname.replace(/\{[^}]+\}/g, ''))];
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
      for (const [name, schema] of bodyProperties(op, reader)) {
        if (reader.resolve(schema)?.['format'] === 'binary')
          return { rule: this.id, weight: WEAK, evidence: `it takes a file (\`${name}\`)` };
      }
      return null;
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

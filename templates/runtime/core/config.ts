/**
 * Runtime settings read once from the environment. Every number is clamped to a sane range so a typo in an
 * env var cannot turn a bounded timeout or wait into an unbounded one. Credential values are collected as
 * `secrets` so that every text leaving the server can be scrubbed of them.
 */
import {
  DEFAULT_BACKGROUND_TIMEOUT_MS,
  DEFAULT_CALL_BUDGET_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_MEMBERS_MAX,
  DEFAULT_PROMOTE_AFTER_MS,
  DEFAULT_RESULT_INLINE_MAX_BYTES,
  DEFAULT_RETENTION_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_START_WAIT_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_WAIT_MAX_MS,
  DEFAULT_WATCH_INTERVAL_MS,
  DEFAULT_WATCH_MAX_JOBS,
  DEFAULT_WATCH_YOUNG_FACTOR,
} from '../defaults.js';
import type { ServerDefinition } from '../definition.js';
import type { Env } from './env.js';
import { collectSecrets } from './secrets.js';
import { readUpstreamHeaders } from './upstreamHeaders.js';

export interface RuntimeConfig {
  /** Absolute upstream base URL without a trailing slash, or null when none is usable. */
  baseUrl: string | null;
  /** Why baseUrl is null (e.g. the spec's server URL is relative and API_BASE_URL is unset). */
  baseUrlProblem: string | null;
  env: Env;
  upstreamTimeoutMs: number;
  storeUrl: string | undefined;
  /** JOB_DEDUPE_WINDOW_MS when set; otherwise each family's own window applies. */
  dedupeWindowMs: number | null;
  retentionMs: number;
  allowedOrigins: string[];
  waitMaxMs: number;
  shutdownGraceMs: number;
  /** How long a start tool waits for the upstream's answer before returning the handle (the call goes on). */
  startWaitMs: number;
  /** Lease of in-process work (starts in flight, promoted calls); heartbeat and recovery scan run every third. */
  leaseMs: number;
  /** A promotable plain call answers with a job handle past this; 0: promotion off (calls block as before). */
  promoteAfterMs: number;
  /** One pace per job shared by replicas through the store (jobs/pace.ts); false: every status call polls. */
  pollPace: boolean;
  /** The watcher (jobs/watcher.ts): off with JOB_WATCH=off, and whenever the shared pace is off. */
  watch: WatchConfig;
  /** Timeout of a request that outlives its tool call: a promoted call, a start. */
  backgroundTimeoutMs: number;
  /** The upstream round trips of one cancel or result call end within this (jobs/callBudget.ts). */
  callBudgetMs: number;
  /** Results above this many bytes are served by reference, a page of this size at a time (jobs/resultRefs.ts). */
  resultInlineMaxBytes: number;
  /** A job over a set follows at most this many of the members its start lists, the first (jobs/memberSet.ts). */
  membersMax: number;
  /** pino level for the JSON log on stderr (`silent` turns it off). */
  logLevel: LogLevel;
  /** UPSTREAM_HEADERS: the operator's headers for requests to the API's origin (core/upstreamHeaders.ts). */
  upstreamHeaders: Record<string, string>;
  /** Credential values (and derived forms) that must never appear in output; the operator's header values too. */
  secrets: string[];
}

export interface WatchConfig {
  enabled: boolean;
  intervalMs: number;
  maxJobs: number;
  youngFactor: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Parses an integer env var and clamps it; empty or malformed values fall back to the default. */
export function readBoundedInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export function readRuntimeConfig(def: ServerDefinition, env: Env): RuntimeConfig {
  const { baseUrl, problem } = resolveBaseUrl(env.API_BASE_URL, def.baseUrl);
  const dedupeRaw = env.JOB_DEDUPE_WINDOW_MS?.trim();
  const upstreamHeaders = readUpstreamHeaders(def, env.UPSTREAM_HEADERS);
  return {
    baseUrl,
    baseUrlProblem: problem,
    env,
    upstreamTimeoutMs: readBoundedInt(env, 'UPSTREAM_TIMEOUT_MS', DEFAULT_UPSTREAM_TIMEOUT_MS, 100, 600_000),
    storeUrl: env.JOB_STORE_URL?.trim() || undefined,
    dedupeWindowMs: dedupeRaw ? readDedupeWindow(dedupeRaw) : null,
    retentionMs: readBoundedInt(env, 'JOB_RETENTION_MS', DEFAULT_RETENTION_MS, 60_000, 365 * 24 * 3600_000),
    allowedOrigins: parseOrigins(env.JOB_ALLOWED_ORIGINS),
    waitMaxMs: readBoundedInt(env, 'JOB_WAIT_MAX_MS', DEFAULT_WAIT_MAX_MS, 0, 55_000),
    shutdownGraceMs: readBoundedInt(env, 'JOB_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 0, 120_000),
    startWaitMs: readBoundedInt(env, 'JOB_START_WAIT_MS', DEFAULT_START_WAIT_MS, 0, 600_000),
    leaseMs: readBoundedInt(env, 'JOB_LEASE_MS', DEFAULT_LEASE_MS, 1_000, 300_000),
    promoteAfterMs: readBoundedInt(env, 'JOB_PROMOTE_AFTER_MS', DEFAULT_PROMOTE_AFTER_MS, 0, 600_000),
    pollPace: readPollPace(env.JOB_POLL_PACE),
    watch: readWatch(env),
    backgroundTimeoutMs: readBoundedInt(env, 'JOB_BACKGROUND_TIMEOUT_MS', DEFAULT_BACKGROUND_TIMEOUT_MS, 100, 3_600_000),
    callBudgetMs: readBoundedInt(env, 'JOB_CALL_BUDGET_MS', DEFAULT_CALL_BUDGET_MS, 1_000, 600_000),
    resultInlineMaxBytes: readBoundedInt(env, 'JOB_RESULT_INLINE_MAX_BYTES', DEFAULT_RESULT_INLINE_MAX_BYTES, 1024, 8 * 1024 * 1024),
    membersMax: readBoundedInt(env, 'JOB_MEMBERS_MAX', DEFAULT_MEMBERS_MAX, 1, 1000),
    logLevel: readLogLevel(env.LOG_LEVEL),
    upstreamHeaders,
    secrets: collectSecrets(def, env, Object.values(upstreamHeaders)),
  };
}

/** JOB_POLL_PACE: `on` (default) shares one pace per job across replicas; `off` polls on every status call. */
function readPollPace(raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`JOB_POLL_PACE=${raw}: expected on or off`);
}

/**
 * JOB_WATCH: `on` (default) or `off`; its tick, its bound per tick and its interest window. The watcher never
 * polls faster than the shared pace, so without the pace (JOB_POLL_PACE=off) it does not run.
 */
function readWatch(env: Env): WatchConfig {
  const raw = env.JOB_WATCH?.trim().toLowerCase();
  if (raw && raw !== 'on' && raw !== 'off') throw new Error(`JOB_WATCH=${env.JOB_WATCH}: expected on or off`);
  return {
    enabled: raw !== 'off' && readPollPace(env.JOB_POLL_PACE),
    intervalMs: readBoundedInt(env, 'JOB_WATCH_INTERVAL_MS', DEFAULT_WATCH_INTERVAL_MS, 250, 600_000),
    maxJobs: readBoundedInt(env, 'JOB_WATCH_MAX_JOBS', DEFAULT_WATCH_MAX_JOBS, 1, 1000),
    youngFactor: readBoundedInt(env, 'JOB_WATCH_YOUNG_FACTOR', DEFAULT_WATCH_YOUNG_FACTOR, 1, 100),
  };
}

/** An unknown level is refused at start-up rather than silently logging everything or nothing. */
function readLogLevel(raw: string | undefined): LogLevel {
  const value = raw?.trim().toLowerCase();
  if (!value) return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`LOG_LEVEL=${raw}: expected one of ${LOG_LEVELS.join(', ')}`);
}

/** A malformed window must fail the start-up, not silently turn dedupe off. */
function readDedupeWindow(raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`JOB_DEDUPE_WINDOW_MS=${raw}: expected a whole number of milliseconds (0 disables dedupe)`);
  }
  return Math.min(value, 30 * 24 * 3600_000);
}

function resolveBaseUrl(override: string | undefined, fromSpec: string | null): { baseUrl: string | null; problem: string | null } {
  const candidate = override?.trim() || fromSpec || '';
  const source = override?.trim() ? 'API_BASE_URL' : "the spec's servers";
  if (!candidate) return { baseUrl: null, problem: 'No upstream base URL: set API_BASE_URL (the spec declares no server).' };
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { baseUrl: null, problem: `Upstream base URL from ${source} must be http(s): set API_BASE_URL.` };
    }
    return { baseUrl: url.href.replace(/\/+$/, ''), problem: null };
  } catch {
    return {
      baseUrl: null,
      problem: `The upstream base URL from ${source} ("${candidate}") is not absolute: set API_BASE_URL to the API's full URL.`,
    };
  }
}

/** `https://a.example, https://b.example:8443/x` → normalised origins; junk entries are ignored. */
export function parseOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  const origins: string[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (!text) continue;
    try {
      origins.push(new URL(text).origin);
    } catch {
      // Ignored: a malformed entry must not widen the allow-list.
    }
  }
  return origins;
}

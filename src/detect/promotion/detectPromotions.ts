/**
 * Async promotion of plain operations: every plain call that outlives JOB_PROMOTE_AFTER_MS answers with a job
 * handle, by default (whether a call is slow is learned at run time). Overrides decide first (config
 * `operations[…].promote` beats `x-mcp-jobgen.promote`) and can turn it off; the evidence rules of
 * promotionRules.ts only decide whether the description announces it and what it says of timing. Operations
 * that belong to a job family are never promoted (they are jobs already, or their companions), nor are
 * answers streamed as server-sent events.
 */
import type { OperationOverride, PromoteSetting } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { ApiModel, Operation } from '../../model/ir.js';
import type { JobFamily, PromotionDecision } from '../../model/jobs.js';
import { isObject } from '../../model/jsonPointer.js';
import { operationKey } from '../../model/operationKey.js';
import { detectDiagnostic } from '../codes.js';
import { findIdempotency } from '../marked/startSignals.js';
import { toOperationRef } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { PROMOTE_SCORE, PROMOTION_RULES, READ_SCORE, type RuleHit, streamsAnswer } from './promotionRules.js';

interface Forced {
  setting: PromoteSetting;
  source: 'x-mcp-jobgen' | 'config';
}

function readSetting(value: unknown, where: string, pointer: string | undefined, diagnostics: Diagnostic[]): PromoteSetting | undefined {
  if (typeof value === 'boolean') return value;
  if (isObject(value)) {
    const out: { timeoutMs?: number; expectedDurationMs?: number } = {};
    let ok = Object.keys(value).every((k) => k === 'timeoutMs' || k === 'expectedDurationMs');
    for (const k of ['timeoutMs', 'expectedDurationMs'] as const) {
      const v = value[k];
      if (v === undefined) continue;
      if (typeof v === 'number' && Number.isInteger(v) && v > 0) out[k] = v;
      else ok = false;
    }
    if (ok) return out;
  }
  diagnostics.push(
    detectDiagnostic('MJG308', `${where} is not a valid promote setting and is ignored`, {
      help: 'Use true, false, or {"timeoutMs": <ms>, "expectedDurationMs": <ms>} (positive whole milliseconds).',
      ...(pointer === undefined ? {} : { pointer }),
    }),
  );
  return undefined;
}

/** The promote overrides by operation; the config's word replaces the spec's. */
function readForced(
  model: ApiModel,
  config: Record<string, OperationOverride> | undefined,
  diagnostics: Diagnostic[],
): Map<Operation, Forced> {
  const forced = new Map<Operation, Forced>();
  for (const op of model.operations) {
    const ext = op.extensions['x-mcp-jobgen'];
    if (isObject(ext) && 'promote' in ext) {
      const setting = readSetting(
        ext['promote'],
        `x-mcp-jobgen.promote on ${operationKey(op)}`,
        `${op.pointer}/x-mcp-jobgen/promote`,
        diagnostics,
      );
      if (setting !== undefined) forced.set(op, { setting, source: 'x-mcp-jobgen' });
    }
    if (!config) continue;
    for (const key of [op.operationId, operationKey(op)]) {
      const entry = key !== undefined && Object.hasOwn(config, key) ? config[key] : undefined;
      if (!isObject(entry) || !('promote' in entry)) continue;
      const setting = readSetting(entry['promote'], `config operations["${key}"].promote`, undefined, diagnostics);
      if (setting !== undefined) forced.set(op, { setting, source: 'config' });
    }
  }
  return forced;
}

function familyOperations(families: JobFamily[]): Set<string> {
  const pointers = new Set<string>();
  for (const f of families) {
    for (const s of f.start) pointers.add(s.op.pointer);
    for (const link of [f.poll, f.cancel, f.result]) if (link && 'op' in link) pointers.add(link.op.pointer);
  }
  return pointers;
}

function describeHit(hit: RuleHit): string {
  return `+${hit.weight} ${hit.evidence}`;
}

export function detectPromotions(
  model: ApiModel,
  families: JobFamily[],
  reader: SchemaReader,
  config: Record<string, OperationOverride> | undefined,
  diagnostics: Diagnostic[],
): PromotionDecision[] {
  const forced = readForced(model, config, diagnostics);
  const inFamily = familyOperations(families);
  const decisions: PromotionDecision[] = [];
  for (const op of model.operations) {
    const override = forced.get(op);
    if (inFamily.has(op.pointer)) continue;
    const hits = PROMOTION_RULES.map((rule) => rule.test(op, reader)).filter((hit): hit is RuleHit => hit !== null);
    const score = hits.reduce((sum, hit) => sum + hit.weight, 0);
    const needed = op.method === 'GET' || op.method === 'HEAD' ? READ_SCORE : PROMOTE_SCORE;
    const evidence = hits.map(describeHit);
    let promote = true;
    let announce = score >= needed;
    const streams = streamsAnswer(op);
    if (streams) {
      promote = false;
      announce = false;
      evidence.push('not promoted: it streams its answer (text/event-stream), which cannot be kept as a job result');
    } else if (!override && hits.length > 0) {
      const read = needed === READ_SCORE ? ' for a read' : '';
      evidence.push(
        announce
          ? `announced: evidence adds up to ${score} (${needed} needed${read})`
          : `promoted by default, not announced: evidence adds up to ${score}, ${needed} needed${read}`,
      );
    } else if (!override) {
      evidence.push('promoted by default: no evidence of slowness, so the description says nothing of it');
    }
    let timeoutMs = hits.find((h) => h.timeoutMs !== undefined)?.timeoutMs ?? null;
    let expectedDurationMs = hits.find((h) => h.expectedDurationMs !== undefined)?.expectedDurationMs ?? null;
    if (override && !streams) {
      promote = override.setting !== false;
      announce = promote;
      evidence.push(`${override.source} says promote: ${JSON.stringify(override.setting)}`);
      if (typeof override.setting === 'object') {
        timeoutMs = override.setting.timeoutMs ?? timeoutMs;
        expectedDurationMs = override.setting.expectedDurationMs ?? expectedDurationMs;
      }
    }
    decisions.push({
      op: toOperationRef(op),
      promote,
      announce,
      source: override && !streams ? override.source : hits.length > 0 || streams ? 'rules' : 'default',
      score,
      evidence,
      timeoutMs,
      expectedDurationMs,
      idempotency: promote ? findIdempotency(op, reader) : null,
    });
  }
  return decisions;
}

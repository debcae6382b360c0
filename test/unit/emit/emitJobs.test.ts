import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyFamilyOverrides } from '../../../src/detect/applyOverrides.js';
import { familySpecData } from '../../../src/emit/emitJobs.js';
import { emitProject } from '../../../src/emit/index.js';
import { planTools } from '../../../src/emit/planTools.js';
import type { FamilyOverride } from '../../../src/model/config.js';
import {
  createJobFamily,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  toOperationRef,
} from '../../../src/model/factories.js';
import type { JobDetection } from '../../../src/model/jobs.js';

const create = createOperation('POST', '/batches', {
  operationId: 'createBatch',
  responses: [createResponse('200', { schema: { type: 'object' } })],
});
const get = createOperation('GET', '/batches/{batch_id}', {
  operationId: 'retrieveBatch',
  parameters: [createParameter('batch_id', 'path')],
});
const cancel = createOperation('POST', '/batches/{batch_id}/cancel', {
  operationId: 'cancelBatch',
  parameters: [createParameter('batch_id', 'path')],
});
const content = createOperation('GET', '/batches/{batch_id}/content', {
  operationId: 'batchContent',
  parameters: [createParameter('batch_id', 'path')],
});
// An operation that already owns the names the job tools would want.
const clash = createOperation('GET', '/batch-status', { operationId: 'job_batch_status' });
const listJobs = createOperation('GET', '/jobs', { operationId: 'listJobs' });

function detection(extra: Parameters<typeof createJobFamily>[3] = {}): JobDetection {
  const family = createJobFamily('batch', create, get, {
    cancel: { op: toOperationRef(cancel), idParam: 'batch_id', carry: [] },
    result: { op: toOperationRef(content), idParam: 'batch_id', carry: [] },
    states: { in_progress: 'running', completed: 'succeeded' },
    ...extra,
  });
  return { families: [family], hints: [], diagnostics: [] };
}

const model = createModel([create, get, cancel, content, clash, listJobs]);

/** Config overrides as detection applies them, once (detect/applyOverrides.ts): emit prints what detection settled. */
function withOverrides(found: JobDetection, jobs: Record<string, FamilyOverride>): JobDetection {
  return { ...found, families: applyFamilyOverrides(found.families, jobs, []) };
}

describe('tool plan for job families', () => {
  it('makes start ops `start`, keeps poll/cancel/result ops as plain tools that follow the family, and job tool names collision-free', () => {
    const plan = planTools(model, detection(), {});
    expect(plan.operations.map((p) => [p.tool, p.role, p.follows?.part ?? null])).toEqual([
      ['create_batch', 'start', null],
      ['retrieve_batch', 'tool', 'poll'],
      ['cancel_batch', 'tool', 'cancel'],
      ['batch_content', 'tool', 'result'],
      ['job_batch_status', 'tool', null],
      ['list_jobs', 'tool', null],
    ]);
    expect(plan.families[0]!.tools).toEqual({ status: 'job_batch_status_2', cancel: 'job_batch_cancel', result: 'job_batch_result' });
    expect(plan.listJobsTool).toBe('list_jobs_2');
  });

  it('renames win over derived names and are validated', () => {
    const plan = planTools(model, detection(), { rename: { createBatch: 'start_batch', 'GET /jobs': 'jobs', retrieveBatch: 'bad name!' } });
    expect(plan.operations.map((p) => p.tool)).toEqual([
      'start_batch',
      'retrieve_batch',
      'cancel_batch',
      'batch_content',
      'job_batch_status',
      'jobs',
    ]);
    expect(plan.diagnostics.map((d) => d.code)).toEqual(['MJG502']);
  });

  it.each([
    ['no result, no Azure LRO start: no result tool', false, null],
    ['no result declared, an Azure LRO start: a result tool for the final GET planned at run time', true, 'job_batch_result'],
  ])('%s', (_label, azureLro, expected) => {
    const start = { op: toOperationRef(create), idFrom: null, pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null };
    const family = createJobFamily('batch', create, get, { start: [azureLro ? { ...start, azureLro: true as const } : start] });
    const plan = planTools(model, { families: [family], hints: [], diagnostics: [] }, {});
    expect(plan.families[0]!.tools.result).toBe(expected);
  });

  it('a disabled family leaves plain tools and no job tools', () => {
    const plan = planTools(model, withOverrides(detection(), { batch: { enabled: false } }), {});
    expect(plan.operations.every((p) => p.role === 'tool')).toBe(true);
    expect(plan.families).toEqual([]);
    expect(plan.listJobsTool).toBeNull();
  });

  it('a family whose operation was filtered out is dropped with a diagnostic', () => {
    const plan = planTools(createModel([create, cancel, content]), detection(), {});
    expect(plan.families).toEqual([]);
    expect(plan.diagnostics[0]).toMatchObject({ code: 'MJG501', severity: 'warning', pointer: get.pointer });
  });
});

describe('job table', () => {
  it('maps detection refs to tool names and merges config overrides', () => {
    const plan = planTools(
      model,
      withOverrides(detection({ expectedDurationMs: 5000 }), {
        batch: { states: { finalizing: 'running' }, dedupeWindowMs: 1000, allowedOrigins: ['https://b.example', 'https://a.example'] },
      }),
      {},
    );
    expect(familySpecData(plan.families[0]!)).toMatchObject({
      name: 'batch',
      title: 'Batch',
      starts: [{ operation: 'create_batch', idFrom: 'body:id', idempotency: null }],
      poll: { operation: 'retrieve_batch', idParam: 'id', carry: [] },
      cancel: { operation: 'cancel_batch', idParam: 'batch_id', carry: [] },
      result: { operation: 'batch_content', idParam: 'batch_id', carry: [] },
      states: { completed: 'succeeded', finalizing: 'running', in_progress: 'running' },
      expectedDurationMs: 5000,
      dedupeWindowMs: 1000,
      allowedOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('prints the outcome field and its value map (sorted), null/empty when the family has none', () => {
    const withOutcome = detection({
      outcomeField: 'state.result_state',
      outcomes: { FAILED: 'failed', CANCELED: 'cancelled', SUCCESS: 'succeeded' },
    });
    const data = familySpecData(planTools(model, withOutcome, {}).families[0]!);
    expect(data).toMatchObject({
      outcomeField: 'state.result_state',
      outcomes: { CANCELED: 'cancelled', FAILED: 'failed', SUCCESS: 'succeeded' },
    });
    expect(Object.keys(data['outcomes'] as object)).toEqual(['CANCELED', 'FAILED', 'SUCCESS']);
    const jobs = emitProject(model, withOutcome, {}).files.find((f) => f.path === 'src/jobs.ts')!.contents;
    expect(jobs).toContain("outcomeField: 'state.result_state',");
    expect(familySpecData(planTools(model, detection(), {}).families[0]!)).toMatchObject({ outcomeField: null, outcomes: {} });
  });

  it('prints either progress shape (a fraction/percent field, or a counts object) and null when there is none', () => {
    const counts = detection({ progress: { counts: 'request_counts', done: ['completed', 'failed'], total: 'total' } });
    expect(familySpecData(planTools(model, counts, {}).families[0]!)['progress']).toEqual({
      counts: 'request_counts',
      done: ['completed', 'failed'],
      total: 'total',
    });
    const jobs = emitProject(model, counts, {}).files.find((f) => f.path === 'src/jobs.ts')!.contents;
    expect(jobs).toContain("progress: { counts: 'request_counts', done: ['completed', 'failed'], total: 'total' },");
    const percent = detection({ progress: { field: 'metadata.progressPercentage', scale: 100 } });
    expect(familySpecData(planTools(model, percent, {}).families[0]!)['progress']).toEqual({
      field: 'metadata.progressPercentage',
      scale: 100,
    });
    expect(familySpecData(planTools(model, detection(), {}).families[0]!)['progress']).toBeNull();
  });

  it('copies URL-based poll/cancel/result variants as they are and defaults the dedupe window', () => {
    const plan = planTools(
      model,
      detection({ poll: { via: 'header:Operation-Location' }, cancel: { via: 'body:urls.cancel' }, result: { finalStateVia: 'location' } }),
      {},
    );
    expect(familySpecData(plan.families[0]!)).toMatchObject({
      poll: { via: 'header:Operation-Location' },
      cancel: { via: 'body:urls.cancel' },
      result: { finalStateVia: 'location' },
      dedupeWindowMs: 600000,
    });
  });

  it('puts azureLro on the starts detection marked, after finalStateVia, and nowhere else', () => {
    const marked = detection();
    marked.families[0]!.start[0] = {
      ...marked.families[0]!.start[0]!,
      finalStateVia: 'location',
      azureLro: true,
      pageable: { nextLinkName: 'nextLink', itemName: 'value' },
    };
    const starts = familySpecData(planTools(model, marked, {}).families[0]!).starts;
    expect(starts[0]).toMatchObject({
      finalStateVia: 'location',
      azureLro: true,
      pageable: { nextLinkName: 'nextLink', itemName: 'value' },
    });
    const keys = Object.keys(starts[0]!);
    expect(keys.indexOf('azureLro')).toBe(keys.indexOf('finalStateVia') + 1);
    const plain = familySpecData(planTools(model, detection(), {}).families[0]!).starts;
    expect(plain[0]).not.toHaveProperty('azureLro');
    expect(plain[0]).not.toHaveProperty('pageable');
  });

  it('carries the issue-24 seam: body ids, carried body values, a named job (arg: idFrom), the family kind', () => {
    const rpc = detection({ kind: 'provisioning' });
    const f = rpc.families[0]!;
    f.start[0] = { ...f.start[0]!, idFrom: 'arg:body.name' };
    f.poll = { op: toOperationRef(get), idParam: 'Job.Id', idIn: 'body', carry: [{ param: 'Region', from: 'arg:region', in: 'body' }] };
    const data = familySpecData(planTools(model, rpc, {}).families[0]!);
    expect(data.kind).toBe('provisioning');
    expect(Object.keys(data).indexOf('kind')).toBe(1);
    expect(data.starts[0]!.idFrom).toBe('arg:body.name');
    expect(data.poll).toEqual({
      operation: 'retrieve_batch',
      idParam: 'Job.Id',
      idIn: 'body',
      carry: [{ param: 'Region', from: 'arg:region', in: 'body' }],
    });
    // Absent fields stay absent, so the goldens of every other family do not move.
    const plain = familySpecData(planTools(model, detection(), {}).families[0]!);
    expect(plain).not.toHaveProperty('kind');
    expect(plain.poll).not.toHaveProperty('idIn');
    expect(plain.cancel).toEqual({ operation: 'cancel_batch', idParam: 'batch_id', carry: [] });
  });

  it('prints the job table as code that evaluates to the same data, with a typed result schema', () => {
    const withResult = detection({ resultSchema: { type: 'object', properties: { url: { type: 'string' } } } });
    const jobs = emitProject(model, withResult, {}).files.find((f) => f.path === 'src/jobs.ts')!.contents;
    // The runtime's zod, compiled into runtime/index.js (BUNDLED_PACKAGES).
    expect(jobs).toContain("import { z } from '../runtime/index.js';");
    const body = jobs.slice(jobs.indexOf('['), jobs.lastIndexOf(']') + 1);
    const families = new Function('z', `return ${ts.transpile(`(${body})`)}`)(z) as Array<Record<string, unknown>>;
    const { resultOutput, ...data } = families[0]!;
    expect(data).toEqual(familySpecData(planTools(model, withResult, {}).families[0]!));
    expect((resultOutput as z.ZodType).safeParse({ url: 'x', more: 1 }).success).toBe(true);
  });

  it('leaves the job workflow of the instructions to the runtime, and the README teaches it with the real tool names', () => {
    const files = emitProject(model, detection({ expectedDurationMs: 90_000 }), {}).files;
    const instructions = /instructions: '([^\n]*)',\n/.exec(files.find((f) => f.path === 'src/definition.ts')!.contents)![1]!;
    // The wait cap and dedupe window are settings of the running server (jobs/describe.ts serverInstructions).
    expect(instructions).toBe('Tools for the Test API (version 1.0.0). Each plain tool makes one HTTP call and returns the response.');
    const readme = files.find((f) => f.path === 'README.md')!.contents;
    for (const phrase of [
      '### Batch (`batch`, high confidence)',
      'Start: `create_batch`',
      'Poll `job_batch_status_2`',
      'Fetch the result with `job_batch_result`',
      'Cancel with `job_batch_cancel`',
      'about 90 s',
      'Dedupe window: 10 min',
      '`in_progress` → running',
    ]) {
      expect(readme).toContain(phrase);
    }
  });

  it("carries the family's ETA field into the job table and the README, unless a duration is configured", () => {
    const emitted = (extra: Parameters<typeof createJobFamily>[3]) => {
      const files = emitProject(model, detection(extra), {}).files;
      const get = (path: string) => files.find((f) => f.path === path)!.contents;
      return { jobs: get('src/jobs.ts'), readme: get('README.md') };
    };
    const eta = emitted({ etaField: 'expected_duration_sec', etaUnit: 's' });
    expect(eta.jobs).toContain("etaField: 'expected_duration_sec'");
    expect(eta.jobs).toContain("etaUnit: 's'");
    expect(eta.readme).toContain('The upstream says how long each job takes in `expected_duration_sec` (seconds)');
    const finish = emitted({ etaField: 'estimated_finish', etaUnit: 'date-time' });
    expect(finish.readme).toContain('takes in `estimated_finish` (the time it finishes)');
    const unix = emitted({ etaField: 'estimated_finish', etaUnit: 'unix-s' });
    expect(unix.jobs).toContain("etaUnit: 'unix-s'");
    expect(unix.readme).toContain('takes in `estimated_finish` (the time it finishes, as a Unix time in seconds)');
    // No unit when the value's own form decides at run time: none printed, none claimed.
    const open = emitted({ etaField: 'estimated_finish' });
    expect(open.jobs).not.toContain('etaUnit');
    expect(open.readme).toContain('takes in `estimated_finish`; ');
    const configured = emitted({ etaField: 'expected_duration_sec', expectedDurationMs: 90_000 });
    expect(configured.readme).toContain('about 90 s');
    expect(configured.readme).not.toContain('The upstream says how long');
    expect(emitted({}).jobs).toContain('etaField: null');
  });

  it('says in the README where a start runs a set, and that it follows at most JOB_MEMBERS_MAX members', () => {
    const readme = (found: JobDetection) =>
      emitProject(model, found, {})
        .files.find((f) => f.path === 'README.md')!
        .contents.replace(/\s+/g, ' ');
    const plain = detection();
    const family = plain.families[0]!;
    const sets = {
      ...plain,
      families: [{ ...family, start: family.start.map((s) => ({ ...s, members: { itemsAt: 'batches', itemId: 'id' } })) }],
    };
    const line = 'One start acts on several things: the job follows each thing its answer lists (`members`, at most `JOB_MEMBERS_MAX`)';
    expect(readme(sets)).toContain(line);
    expect(readme(plain)).not.toContain(line);
    // The setting itself is in every README's table, as every variable the runtime reads (runtimeDefaults.test.ts).
    expect(readme(plain)).toContain('| `JOB_MEMBERS_MAX` | A job over a set (one start acting on several things) follows at most');
  });

  it('leaves the workflow text of start tool descriptions to the runtime (no duplicate)', () => {
    const tools = emitProject(model, detection(), {}).files.find((f) => f.path === 'src/tools/batches.ts')!.contents;
    const start = tools.slice(tools.indexOf("tool: 'create_batch'"), tools.indexOf("tool: 'retrieve_batch'"));
    expect(start).toContain("role: 'start'");
    expect(start).not.toContain('job_id');
  });

  it('points the plain poll/cancel/result tools at the job tools for jobs this server started', () => {
    const tools = emitProject(model, detection(), {}).files.find((f) => f.path === 'src/tools/batches.ts')!.contents;
    expect(tools).toContain(
      'Reads any Batch job by its upstream id. For a job started with create_batch, use job_batch_status_2 with its job_id instead.',
    );
    expect(tools).toContain(
      'Cancels any Batch job by its upstream id. For a job started with create_batch, use job_batch_cancel with its job_id instead.',
    );
  });
});

describe('job table: the evidence above each family', () => {
  it('says why each entry is a family, one comment line per item, with spec text kept inside the comment', () => {
    const hostile = 'status `state` of GET /x\u2028export const pwned = 1;\nand */ more';
    const project = emitProject(model, detection({ evidence: ['POST /batches creates what GET /batches/{batch_id} reads', hostile] }), {});
    const jobs = project.files.find((f) => f.path === 'src/jobs.ts')!.contents;
    expect(jobs).toContain('  // Batch (`batch`, high confidence), a job family because:\n');
    expect(jobs).toContain('  // - POST /batches creates what GET /batches/{batch_id} reads\n');
    const lines = jobs.split('\n');
    expect(lines.filter((l) => l.includes('pwned'))).toEqual([expect.stringMatching(/^ {2}\/\/ - status/)]);
    expect(jobs).not.toContain('\u2028');
    expect(jobs).not.toMatch(/^export const pwned/m);
  });
});

/**
 * The words beside a status that say why it is so (src/detect/status/statusReason.ts): ranked by how closely the name
 * follows the status's own, read beside the status the family follows, nested or in a list's first item, by every
 * convention. Near misses: a description of the thing, a message about something else, a bare reason that is no text.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { findStatusReason } from '../../../src/detect/status/statusReason.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';

const reader = new SchemaReader(createModel([]));
const LIFECYCLE = str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED']);

describe('findStatusReason', () => {
  const table: Array<[statusName: string, fields: Record<string, JsonSchema>, expected: string | null]> = [
    // AWS's own names for it.
    ['Status', { Status: LIFECYCLE, StatusReason: str() }, 'StatusReason'],
    ['Status', { Status: LIFECYCLE, StatusMessage: str() }, 'StatusMessage'],
    ['State', { State: LIFECYCLE, StateReason: str() }, 'StateReason'],
    ['StackStatus', { StackStatus: LIFECYCLE, StackStatusReason: str() }, 'StackStatusReason'],
    // In place of the status word (AppFlow's last run).
    [
      'mostRecentExecutionStatus',
      { mostRecentExecutionStatus: LIFECYCLE, mostRecentExecutionMessage: str() },
      'mostRecentExecutionMessage',
    ],
    // Another status-named reason (Lambda event source mappings), and a bare one (Device Farm, Kubernetes pods).
    ['State', { State: LIFECYCLE, StateTransitionReason: str() }, 'StateTransitionReason'],
    ['status', { status: LIFECYCLE, message: str() }, 'message'],
    ['phase', { phase: LIFECYCLE, reason: str(), message: str() }, 'reason'],
    // Ranked: the status's own reason before a bare message, a reason before details, whatever the order.
    ['status', { message: str(), status: LIFECYCLE, statusReason: str() }, 'statusReason'],
    ['Status', { Status: LIFECYCLE, StatusDetails: obj({ Count: str() }), StatusReason: str() }, 'StatusReason'],
    // Near misses: a description of the thing, beside its status or in place of the status word.
    ['Status', { Status: LIFECYCLE, FrameworkDescription: str(), Description: str() }, null],
    ['ApplicationStatus', { ApplicationStatus: LIFECYCLE, ApplicationDescription: str() }, null],
    ['JobStatus', { JobStatus: LIFECYCLE, JobDetails: obj({ Count: str() }) }, null],
    // Near misses: a message about something else; a bare message that is no text.
    ['status', { status: LIFECYCLE, commitMessage: str() }, null],
    ['status', { status: LIFECYCLE, message: obj({ id: str() }) }, null],
    ['status', { status: LIFECYCLE, reason: { type: 'integer' } }, null],
  ];
  it.each(table)('%s beside %j → %s', (statusName, fields, expected) => {
    expect(findStatusReason(reader, reader.properties(obj(fields)), statusName)).toBe(expected);
  });
});

describe('the reason read for a family', () => {
  it('is read beside a nested id-flow status, under its path', () => {
    const [family] = detectJobs(
      createModel([
        rpc('StartExport', obj({ Name: str() }), obj({ ExportId: str() })),
        rpc('DescribeExport', obj({ ExportId: str() }, ['ExportId']), obj({ Export: obj({ Status: LIFECYCLE, StatusMessage: str() }) })),
      ]),
    ).families;
    expect(family?.statusField).toBe('Export.Status');
    expect(family?.reasonField).toBe('Export.StatusMessage');
  });

  it('near miss: a reason beside the envelope, not beside the status, is not the status’s', () => {
    const [family] = detectJobs(
      createModel([
        rpc('StartExport', obj({ Name: str() }), obj({ ExportId: str() })),
        rpc('DescribeExport', obj({ ExportId: str() }, ['ExportId']), obj({ Export: obj({ Status: LIFECYCLE }), message: str() })),
      ]),
    ).families;
    expect(family?.statusField).toBe('Export.Status');
    expect(family?.reasonField).toBeUndefined();
  });

  it('is no error field: a family with one keeps it, and the reason beside', () => {
    const [family] = detectJobs(
      createModel([
        rpc('StartExport', obj({ Name: str() }), obj({ ExportId: str() })),
        rpc(
          'DescribeExport',
          obj({ ExportId: str() }, ['ExportId']),
          obj({ Export: obj({ Status: LIFECYCLE, StatusReason: str(), FailureReason: str() }) }),
        ),
      ]),
    ).families;
    expect([family?.errorField, family?.reasonField]).toEqual(['Export.FailureReason', 'Export.StatusReason']);
  });
});

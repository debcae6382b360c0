/**
 * A copy or a restore names what it makes `target<X>` (or `destination<X>`) beside the `source<X>` it reads (AWS: Keyspaces
 * `RestoreTable {sourceKeyspaceName, sourceTableName, targetKeyspaceName, targetTableName}`, DynamoDB
 * `RestoreTableToPointInTime {SourceTableName, TargetTableName}`, RDS `CopyDBClusterSnapshot
 * {SourceDBClusterSnapshotIdentifier, TargetDBClusterSnapshotIdentifier}`). The made thing is then read under the
 * unprefixed name (`GetTable {keyspaceName, tableName}`): id flow asks for the poll by it, and the poll's other
 * inputs come from the other `target…` ones (companionInputs.ts). Rekognition says `destination`:
 * `CopyProjectVersion {SourceProjectArn, DestinationProjectArn}` makes a version in the destination project, read by
 * `DescribeProjectVersions {ProjectArn}`.
 *
 * Only the pair says so: a lone `TargetGroupArn` or `TargetArn` names a target group, or the thing an association
 * points at, which exists already.
 */

import type { StartArgSource } from '../../model/jobs.js';
import { argOf, norm, type OperationInput } from '../read/operationInputs.js';

const TARGET = /^(?:target|destination)_?(.+)$/i;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The start's required `target<X>` inputs that have a `source<X>` beside them, with X (`tableName`). */
export function madeInputs(inputs: readonly OperationInput[]): Array<{ input: OperationInput; as: string }> {
  const names = new Set(inputs.map((i) => norm(i.name)));
  return inputs.flatMap((input) => {
    const m = TARGET.exec(input.name);
    if (!input.required || !m || !names.has(`source${norm(m[1]!)}`)) return [];
    return [{ input, as: lowerFirst(m[1]!) }];
  });
}

/** The start's `target<X>` input that supplies a poll's `X` (`targetKeyspaceName` for `keyspaceName`), if any. */
export function targetFor(want: string, inputs: readonly OperationInput[]): StartArgSource | null {
  const made = madeInputs(inputs).find((m) => norm(m.as) === norm(want));
  return made ? argOf(made.input) : null;
}

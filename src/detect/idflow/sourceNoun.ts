/**
 * A name that says where the start takes its input from (`RestoreFromSnapshot`, `CreateFileSystemFromBackup`,
 * `RestoreTableFromSnapshot`: English `{verb} [{target}] from {source}`) names its source after `from`. A read of
 * the source only (`GetSnapshot` after Redshift Serverless' `RestoreFromSnapshot`, whose answer echoes the
 * `snapshotName` it restored) follows a thing the start reads, which was there before it and stays `AVAILABLE`
 * throughout: not what the start makes. A read of the target (`DescribeFileSystems`), or of a noun the target shares
 * (`RestoreDBInstanceFromDBSnapshot` → `DescribeDBInstances`), is; so is a read of a word before the source's head, the
 * thing a target left unsaid is (`RestoreFromClusterSnapshot` → `DescribeClusters`). Pure.
 */
import type { OperationName } from '../read/operationNames.js';

/** The poll reads only the source the start's name gives after `from`, never its target. */
export function readsSourceOnly(start: OperationName | null, poll: OperationName | null): boolean {
  if (!start || !poll || poll.noun.length === 0) return false;
  const at = start.noun.indexOf('from');
  if (at < 0) return false;
  const target = start.noun.slice(0, at);
  const source = start.noun.slice(at + 1);
  // The source is the thing its last word names (`ClusterSnapshot`: a snapshot, of a cluster): `RestoreFromClusterSnapshot`
  // makes a cluster, read at `DescribeClusters`.
  const head = source.at(-1);
  return head !== undefined && poll.noun.at(-1) === head && !target.includes(head) && poll.noun.every((w) => source.includes(w));
}

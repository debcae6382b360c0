/**
 * A status in the items of a list that one record holds (`instance.hardware.disks.0.state`: Lightsail's
 * `GetInstance` after a `StartInstance`) is the state of one part among many, the first disk's, not of the thing
 * the record describes. A Describe that answers a list of the things asked for holds it at its top
 * (`Clusters.0.ClusterStatus`); a start whose run is one record of such a list names it itself (recordListPoll.ts,
 * memberSets.ts), and the caller exempts those. An answer that is itself the record, its top echoing the id it was
 * asked by (`DescribeEdgeDeploymentPlan {EdgeDeploymentPlanName}` → `{EdgeDeploymentPlanName, Stages: […]}`), holds
 * its parts at its top: `Stages.0.DeploymentStatus.StageStatus` is the first stage's. Pure.
 */

/**
 * The list below a record that `field` reads the first item of (`instance.hardware.disks`; `Stages` when the
 * answer's top is the record, `answerIsRecord`), or null.
 */
export function partListOf(field: string, answerIsRecord = false): string | null {
  const parts = field.split('.');
  const at = parts.indexOf('0');
  return at > 1 || (at === 1 && answerIsRecord) ? parts.slice(0, at).join('.') : null;
}

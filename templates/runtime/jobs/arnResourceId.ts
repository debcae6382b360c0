/**
 * The resource id at the end of an AWS ARN, `arn:<partition>:<service>:<region>:<account>:<type>/<id>` (or
 * `<type>:<id>`), for a start whose answer names the job by its ARN while its poll asks for the thing's id
 * (SageMaker `CreateDomain` → `DomainArn` `…:domain/d-abc123`, `DescribeDomain {DomainId: "d-abc123"}`:
 * StartSpec.idFromArn, detect/idflow/arnResourceId.ts). An ARN of another type, or no ARN, gives undefined: the job
 * then has no id to follow, which the start reports, rather than a guess sent to the poll.
 */
export function arnResourceId(arn: string, type: string): string | undefined {
  const parts = arn.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return undefined;
  const resource = parts.slice(5).join(':');
  for (const sep of ['/', ':'])
    if (resource.startsWith(`${type}${sep}`) && resource.length > type.length + 1) return resource.slice(type.length + 1);
  return undefined;
}

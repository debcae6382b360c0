/**
 * A fake AWS query-protocol upstream (node:http on 127.0.0.1:0) shaped like Amazon ElastiCache: every request a
 * `POST /` of an `application/x-www-form-urlencoded` form dispatched on its `Action` (and `Version` checked), signed
 * with SigV4 for `elasticache` (checked with the library the generated server signs with, test/support/sigv4Verify.ts),
 * answered in XML (`<XResponse><XResult>…`) or `<ErrorResponse><Error><Code>…` as the service does.
 *
 * A cache cluster goes creating → creating → available, one step per DescribeCacheClusters naming it; one whose
 * SnapshotName says `fail` ends `restore-failed`. Creating a cluster id twice is CacheClusterAlreadyExists (400), and
 * describing an unknown one CacheClusterNotFound (404).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_AWS_KEYS, type FakeAws, type FakeAwsRequest } from './fakeAws.js';
import { verifySigv4 } from './sigv4Verify.js';

const VERSION = '2015-02-02';
const NS = `http://elasticache.amazonaws.com/doc/${VERSION}/`;
const CREATING = ['creating', 'creating', 'available'];
const RESTORE_FAILING = ['creating', 'creating', 'restore-failed'];

/** A request with its form decoded (`form` holds every key as sent: `Tags.Tag.1.Key`, …). */
export interface FakeQueryRequest extends FakeAwsRequest {
  form: Record<string, string>;
}

interface Cluster {
  id: string;
  steps: string[];
  at: number;
  nodes: number;
  groups: string[];
}

export interface FakeAwsQuery extends FakeAws {
  requests: FakeQueryRequest[];
}

export async function startFakeAwsQuery(): Promise<FakeAwsQuery> {
  const requests: FakeQueryRequest[] = [];
  const clusters = new Map<string, Cluster>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    const signature = verifySigv4({ method: req.method ?? '', url, headers: req.headers, body }, FAKE_AWS_KEYS);
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method: req.method ?? '', url, target: form.Action ?? null, body, signature, headers: req.headers, form });
    const send = (status: number, xml: string) => void res.writeHead(status, { 'content-type': 'text/xml' }).end(xml);
    const fail = (status: number, code: string, message: string) =>
      send(
        status,
        `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>req-${requests.length}</RequestId></ErrorResponse>`,
      );
    const answer = (action: string, result: string) =>
      send(
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<${action}Response xmlns="${NS}">\n  <${action}Result>${result}</${action}Result>\n  <ResponseMetadata><RequestId>req-${requests.length}</RequestId></ResponseMetadata>\n</${action}Response>\n`,
      );
    if (!signature.ok || signature.service !== 'elasticache') {
      return fail(
        403,
        'SignatureDoesNotMatch',
        `The request signature we calculated does not match (${signature.reason ?? signature.service}).`,
      );
    }
    if (req.method !== 'POST' || url !== '/' || !/^application\/x-www-form-urlencoded/.test(String(req.headers['content-type']))) {
      return fail(400, 'InvalidRequest', 'The query protocol takes a POST / of a form.');
    }
    if (form.Version !== VERSION) return fail(400, 'InvalidParameterValue', `Unsupported Version ${form.Version}.`);
    const id = form.CacheClusterId ?? '';
    switch (form.Action) {
      case 'CreateCacheCluster': {
        if (clusters.has(id)) return fail(400, 'CacheClusterAlreadyExists', `Cache cluster ${id} already exists.`);
        const groups = Object.keys(form)
          .filter((key) => key.startsWith('CacheSecurityGroupNames.CacheSecurityGroupName.'))
          .map((key) => form[key]!);
        const cluster: Cluster = {
          id,
          steps: (form.SnapshotName ?? '').includes('fail') ? RESTORE_FAILING : CREATING,
          at: 0,
          nodes: Number(form.NumCacheNodes ?? 1),
          groups,
        };
        clusters.set(id, cluster);
        return answer('CreateCacheCluster', clusterXml(cluster));
      }
      case 'DescribeCacheClusters': {
        const cluster = clusters.get(id);
        if (!cluster) return fail(404, 'CacheClusterNotFound', `CacheCluster ${id} not found.`);
        cluster.at = Math.min(cluster.at + 1, cluster.steps.length - 1);
        return answer('DescribeCacheClusters', `<CacheClusters>${clusterXml(cluster)}</CacheClusters>`);
      }
      default:
        return fail(400, 'InvalidAction', `The action ${form.Action} is not valid for this web service.`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A CacheCluster element as ElastiCache writes it: lists of named members, numbers and booleans as text. */
function clusterXml(cluster: Cluster): string {
  const groups = cluster.groups.map(
    (name) => `<CacheSecurityGroup><CacheSecurityGroupName>${name}</CacheSecurityGroupName><Status>active</Status></CacheSecurityGroup>`,
  );
  return `<CacheCluster><CacheClusterId>${cluster.id}</CacheClusterId><CacheClusterStatus>${cluster.steps[cluster.at]}</CacheClusterStatus><NumCacheNodes>${cluster.nodes}</NumCacheNodes><AutoMinorVersionUpgrade>true</AutoMinorVersionUpgrade><CacheSecurityGroups>${groups.join('')}</CacheSecurityGroups><Engine>redis</Engine></CacheCluster>`;
}

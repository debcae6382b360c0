/**
 * Verifies an AWS Signature V4 the way the service would: recompute it with the same library (`aws4`) from the
 * request as received, over exactly the headers the signature says it signed, and compare. Shared by the runtime
 * tests and the fake AWS upstream of the e2e test.
 */
import aws4 from 'aws4';

export interface ReceivedRequest {
  method: string;
  /** Path and query as received (`/?x=1`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Verdict {
  ok: boolean;
  reason?: string;
  accessKeyId?: string;
  region?: string;
  service?: string;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;

export function verifySigv4(req: ReceivedRequest, secrets: Record<string, string>, sessionToken?: string): Verdict {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  const authorization = header('authorization');
  const match = authorization ? AUTH.exec(authorization) : null;
  if (!match) return { ok: false, reason: `no SigV4 Authorization header (${authorization ?? 'none'})` };
  const [, accessKeyId, , region, service, signedHeaders] = match as unknown as [string, string, string, string, string, string];
  const secretAccessKey = secrets[accessKeyId];
  if (!secretAccessKey) return { ok: false, reason: `unknown access key ${accessKeyId}` };
  if (sessionToken !== undefined && header('x-amz-security-token') !== sessionToken) return { ok: false, reason: 'wrong session token' };
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = header(name);
    if (value === undefined) return { ok: false, reason: `signed header ${name} missing` };
    headers[name] = value;
  }
  const expected = aws4.sign(
    {
      host: headers.host,
      path: req.url,
      method: req.method,
      headers,
      ...(req.body ? { body: req.body } : {}),
      service,
      region,
    },
    { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  );
  const ok = expected.headers?.Authorization === authorization;
  return ok ? { ok, accessKeyId, region, service } : { ok, reason: 'signature does not match' };
}

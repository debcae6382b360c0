/**
 * AWS Signature Version 4 for contracts that declare it (`x-amazon-apigateway-authtype: awsSigv4`). A request
 * is signed as it leaves (upstream/http.ts, once per hop), because the signature covers the final URL, headers
 * and body and holds a timestamp. The signing is the `aws4` package's (SIGV4_LIBRARY), imported on first use so
 * that servers without SigV4 neither need nor load it. Credentials come from the standard AWS variables of the
 * context's env (per MCP client in MCP_CLIENT_CREDENTIALS mode); the secret key never leaves this function.
 */
import type { Env } from '../core/env.js';
import { AWS_REGION_ENV, SIGV4_LIBRARY } from '../defaults.js';
import type { AwsSigv4SchemeSpec } from '../definition.js';
import type { EncodedBody } from './serialize.js';

/** What a request needs to be signed, set where its auth is chosen (upstream/auth.ts). */
export interface SigningSpec {
  service: string | null;
  region: string | null;
  env: AwsSigv4SchemeSpec['env'];
}

/** Headers the signature adds: credentials for the redirect rule (dropped on any change of origin). */
export const SIGV4_HEADERS = ['authorization', 'x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'] as const;

/** The part of the `aws4` package this file uses. */
interface Aws4 {
  sign(
    request: {
      host: string;
      path: string;
      method: string;
      headers: Record<string, string>;
      body?: string | Uint8Array;
      service: string;
      region: string;
    },
    credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
  ): { headers: Record<string, string | number> };
}

let library: Promise<Aws4> | undefined;

/** Imports the signing library once; a server without it installed gets an error naming the install command. */
export function loadSigner(load: () => Promise<unknown> = () => import(SIGV4_LIBRARY.package)): Promise<Aws4> {
  library ??= load().then(
    (mod) => ((mod as { default?: Aws4 }).default ?? mod) as Aws4,
    (error: unknown) => {
      library = undefined;
      const code = (error as { code?: unknown }).code;
      if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
        throw new SigningError(
          `This API signs its requests with AWS Signature V4, which needs the package "${SIGV4_LIBRARY.package}" (not installed): run \`npm install ${SIGV4_LIBRARY.package}@${SIGV4_LIBRARY.version}\` in the server's directory.`,
        );
      }
      throw error;
    },
  );
  return library;
}

export class SigningError extends Error {}

/** The region to sign for: AWS_REGION, then AWS_DEFAULT_REGION, then the contract's. */
export function signingRegion(spec: SigningSpec, env: Env): string | null {
  for (const name of AWS_REGION_ENV) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return spec.region;
}

/** The env var names a SigV4 scheme needs set (the session token is only for temporary credentials). */
export function requiredSigv4Env(env: AwsSigv4SchemeSpec['env']): string[] {
  return [env.accessKeyId, env.secretAccessKey];
}

/**
 * What signing reads of a request and gives back with its headers: any request shape that has these (the
 * UpstreamRequest of request.ts does), named here so that signing does not import the request builder that
 * imports it.
 */
export interface SignableRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: EncodedBody['body'];
}

/**
 * The request with its signature headers. Throws SigningError with a message that names what to set when the
 * credentials, the region or the service are missing; never quotes a credential.
 */
export async function signRequest<R extends SignableRequest>(
  request: R,
  spec: SigningSpec,
  env: Env,
): Promise<Omit<R, 'headers'> & { headers: Record<string, string> }> {
  const accessKeyId = env[spec.env.accessKeyId];
  const secretAccessKey = env[spec.env.secretAccessKey];
  if (!accessKeyId || !secretAccessKey) {
    throw new SigningError(
      `This API needs AWS Signature V4 credentials: set ${spec.env.accessKeyId} and ${spec.env.secretAccessKey} (and ${spec.env.sessionToken} for temporary credentials) in the server's environment.`,
    );
  }
  const region = signingRegion(spec, env);
  if (!region)
    throw new SigningError(`The contract names no AWS region to sign for: set ${AWS_REGION_ENV[0]} in the server's environment.`);
  if (!spec.service) throw new SigningError('The contract names no AWS service to sign for (no endpoint prefix in its server URL).');
  const aws4 = await loadSigner();
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  // A signature from an earlier hop or attempt is replaced, never signed over.
  for (const [name, value] of Object.entries(request.headers)) {
    if (!(SIGV4_HEADERS as readonly string[]).includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  const body = signableBody(request.body);
  const sessionToken = env[spec.env.sessionToken];
  const signed = aws4.sign(
    {
      host: url.host,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      service: spec.service,
      region,
    },
    { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) {
    const lower = name.toLowerCase();
    // fetch writes Host and Content-Length itself, from the same URL and body the signature covered.
    if (lower === 'host' || lower === 'content-length') continue;
    out[lower] = String(value);
  }
  return { ...request, headers: out };
}

/** The bytes the signature hashes: text and bytes as sent; a form as its encoded text; multipart cannot be hashed. */
function signableBody(body: SignableRequest['body']): string | Uint8Array | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new SigningError('A multipart request body cannot be signed with AWS Signature V4 by this server.');
}

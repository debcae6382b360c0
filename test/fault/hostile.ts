/**
 * The fault-injection suite's common parts: credentials with characters that make every encoded form
 * differ, a definition whose operations send all of them (API-key header, API-key query parameter, API-key
 * cookie, or basic auth), an MCP client over the real runtime with a real store URL, and a leak detector
 * that looks for every form of every credential in any text.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { basicToken, secretForms } from '../../templates/runtime/core/secrets.js';
import type { JobFamilySpec, OperationSpec, SecuritySchemeSpec, ServerDefinition } from '../../templates/runtime/definition.js';
import { createServer } from '../../templates/runtime/index.js';
import type { JobStore } from '../../templates/runtime/store/types.js';
import { definition, family, op } from '../runtime/defs.js';

/** `/`, `+`, `=`, `"` and a space: raw, percent, form and JSON forms are all different strings. */
export const HEADER_KEY = 'hk/live+0123456789="x y"';
export const QUERY_KEY = 'qk-9876543210/qq+zz=';
export const COOKIE_KEY = 'ck-cookie-0011223344';
export const BASIC_USER = 'alice';
export const BASIC_PASS = 'pw/secret+4455667788';

export const KEY_SCHEMES: SecuritySchemeSpec[] = [
  { key: 'hdr', type: 'apiKey', in: 'header', name: 'X-API-Key', env: { value: 'HDR_KEY' } },
  { key: 'qry', type: 'apiKey', in: 'query', name: 'api_key', env: { value: 'QRY_KEY' } },
  { key: 'ck', type: 'apiKey', in: 'cookie', name: 'sid', env: { value: 'CK_KEY' } },
];
export const BASIC_SCHEMES: SecuritySchemeSpec[] = [{ key: 'basic', type: 'basic', env: { username: 'B_USER', password: 'B_PASS' } }];

export const KEY_ENV = { HDR_KEY: HEADER_KEY, QRY_KEY: QUERY_KEY, CK_KEY: COOKIE_KEY };
export const BASIC_ENV = { B_USER: BASIC_USER, B_PASS: BASIC_PASS };

/** Every form of every credential these tests configure. */
export const ALL_FORMS = secretForms([HEADER_KEY, QUERY_KEY, COOKIE_KEY, BASIC_PASS, basicToken(BASIC_USER, BASIC_PASS)]);

/** The credential forms found in a text (empty: no leak). */
export function leaks(text: string): string[] {
  return ALL_FORMS.filter((form) => text.includes(form));
}

/** Everything an agent can read in a result: the text blocks and the structured content. */
export function visible(result: CallToolResult): string {
  return JSON.stringify([result.content, result.structuredContent ?? null]);
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
}

const body = z.object({ note: z.string().optional() }).loose();

/**
 * One family polled through a URL the start hands out (`Location` or `Operation-Location`), cancelled and
 * fetched through URLs too, plus a plain tool; every operation requires all of `schemes`.
 */
export function hostileDefinition(
  schemes: SecuritySchemeSpec[],
  poll: 'header:Location' | 'header:Operation-Location' = 'header:Operation-Location',
  familyPatch: Partial<JobFamilySpec> = {},
): ServerDefinition {
  const security = [schemes.map((s) => s.key)];
  const ops: OperationSpec[] = [
    op({
      tool: 'start_export',
      method: 'POST',
      path: '/export',
      role: 'start',
      security,
      input: z.object({ body: body.optional() }),
      body: { arg: 'body', mediaType: 'application/json', required: false },
    }),
    op({
      tool: 'call_plain',
      method: 'POST',
      path: '/plain',
      security,
      input: z.object({ body: body.optional() }),
      body: { arg: 'body', mediaType: 'application/json', required: false },
    }),
  ];
  const fam = family({
    name: 'export',
    title: 'Export',
    tools: { status: 'export_status', cancel: 'export_cancel', result: 'export_result' },
    starts: [
      {
        operation: 'start_export',
        idFrom: null,
        pollUrlFrom: [poll],
        cancelUrlFrom: 'header:X-Cancel-Url',
        preferAsync: false,
        idempotency: null,
      },
    ],
    poll: { via: poll },
    cancel: { via: 'header:X-Cancel-Url' },
    result: { finalStateVia: 'location' },
    errorField: 'error',
    states: { working: 'running', done: 'succeeded', broken: 'failed', stopped: 'cancelled' },
    ...familyPatch,
  });
  const def = definition(ops, [fam]);
  def.securitySchemes = schemes;
  return def;
}

export interface Client2 {
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The real runtime over an in-memory MCP transport, with the store `JOB_STORE_URL` (or `store`) names. */
export async function connectRuntime(def: ServerDefinition, env: Record<string, string>, store?: JobStore): Promise<Client2> {
  // These tests count upstream requests per status call; the shared poll pace is tested in test/runtime/pace.test.ts.
  const { server, close } = await createServer(def, { env: { JOB_POLL_PACE: 'off', ...env }, ...(store ? { store } : {}) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'fault-suite', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  return {
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await close();
    },
  };
}

/** Every credential the request carried, as the upstream saw it (for echoing back). */
export function echoOf(req: { headers: Record<string, string | string[] | undefined>; url?: string }): string {
  return JSON.stringify({ headers: req.headers, url: req.url ?? '' });
}

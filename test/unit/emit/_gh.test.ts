import { test } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emitProject } from '../../../src/emit/index.js';
import type { ApiModel, Operation } from '../../../src/model/ir.js';

function crude(doc: any): ApiModel {
  const schemas: Record<string, any> = {};
  for (const [k, v] of Object.entries(doc.components?.schemas ?? {})) schemas[`#/components/schemas/${k}`] = v;
  const deref = (x: any) => { while (x && x.$ref) { const parts = x.$ref.slice(2).split('/'); let t = doc; for (const p of parts) t = t[p.replace(/~1/g,'/').replace(/~0/g,'~')]; x = t; } return x; };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) for (const m of ['get','put','post','delete','patch','head']) {
    const o = item[m]; if (!o) continue;
    const params = [...(item.parameters ?? []), ...(o.parameters ?? [])].map(deref).map((p: any) => ({ name: p.name, in: p.in, required: !!p.required, description: p.description, schema: p.schema ?? {}, pointer: '#' }));
    const rb = o.requestBody ? deref(o.requestBody) : undefined;
    ops.push({ operationId: o.operationId, method: m.toUpperCase() as any, path, pointer: '#', summary: o.summary, description: o.description, tags: o.tags ?? [], deprecated: !!o.deprecated, parameters: params,
      requestBody: rb ? { required: !!rb.required, content: Object.entries<any>(rb.content ?? {}).map(([mt, c]) => ({ mediaType: mt, schema: c.schema })), pointer: '#' } : undefined,
      responses: Object.entries<any>(o.responses ?? {}).map(([s, r]) => { r = deref(r); return { status: s, headers: [], links: [], pointer: '#', content: Object.entries<any>(r.content ?? {}).map(([mt, c]) => ({ mediaType: mt, schema: c.schema })) }; }),
      security: [], callbacks: [], extensions: {} });
  }
  return { title: doc.info.title, version: doc.info.version, flavour: 'openapi-3.0', servers: [{ url: doc.servers?.[0]?.url ?? '/', variables: {} }], securitySchemes: [], defaultSecurity: [], operations: ops, schemas, webhookCount: 0 };
}

test('github', () => {
  const spec = process.env.SPEC ?? 'node_modules/@octokit/openapi/generated/api.github.com.json';
  const doc = spec.endsWith('.json') ? JSON.parse(readFileSync(spec, 'utf8')) : null;
  const model = crude(doc);
  const times: number[] = [];
  let out;
  for (let i = 0; i < Number(process.env.RUNS ?? 5); i++) { const t0 = performance.now(); out = emitProject(model, { families: [], hints: [], diagnostics: [] }, {}); times.push(performance.now() - t0); }
  console.log('emit ms', times.map(Math.round), 'files', out!.files.length, 'bytes', out!.files.reduce((n, f) => n + f.contents.length, 0), out!.diagnostics.length);
  const dir = '.tmp/gh-try'; rmSync(dir, { recursive: true, force: true });
  for (const f of out!.files) { mkdirSync(dirname(join(dir, f.path)), { recursive: true }); writeFileSync(join(dir, f.path), f.contents); }
  const sizes = out!.files.filter(f => f.path.startsWith('src/tools')).map(f => [f.path, f.contents.length] as const).sort((a,b)=>b[1]-a[1]).slice(0,5);
  console.log(sizes);
});

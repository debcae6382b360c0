/**
 * A contract that declares AWS Signature V4: the scheme reaches the definition with the standard AWS variables,
 * the signing library becomes a dependency of that project only, the README documents the variables, and the
 * signature's own headers and the one-value X-Amz-Target header are no tool arguments.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { createModel, createOperation, createParameter } from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { SIGV4_LIBRARY } from '../../../templates/runtime/defaults.js';

const getJob = createOperation('POST', '/#X-Amz-Target=Transcribe.GetTranscriptionJob', {
  operationId: 'GetTranscriptionJob',
  security: [['hmac']],
  parameters: [
    createParameter('X-Amz-Target', 'header', { required: true, schema: { type: 'string', enum: ['Transcribe.GetTranscriptionJob'] } }),
    createParameter('X-Amz-Date', 'header'),
    createParameter('X-Amz-Signature', 'header'),
  ],
  requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { type: 'object' } }], pointer: '#/rb' },
});

function files(model: ApiModel): Map<string, string> {
  return new Map(emitProject(model, { families: [], hints: [], diagnostics: [] }, {}).files.map((f) => [f.path, f.contents]));
}

describe('AWS SigV4 in the generated project', () => {
  const signed = files(
    createModel([getJob], {
      servers: [{ url: 'https://transcribe.{region}.amazonaws.com', variables: { region: { default: 'us-east-1' } } }],
      securitySchemes: [{ key: 'hmac', type: 'awsSigv4', service: 'transcribe', region: 'us-east-1' }],
    }),
  );

  it('writes the scheme with the standard AWS variables and no credential of its own', () => {
    const def = signed.get('src/definition.ts')!;
    expect(def).toContain("type: 'awsSigv4'");
    expect(def).toContain("service: 'transcribe'");
    expect(def).toContain(
      "env: { accessKeyId: 'AWS_ACCESS_KEY_ID', secretAccessKey: 'AWS_SECRET_ACCESS_KEY', sessionToken: 'AWS_SESSION_TOKEN' }",
    );
  });

  it('sends X-Amz-Target itself and asks the agent for neither it nor the signature headers', () => {
    const tool = [...signed.entries()].find(([path, text]) => path.startsWith('src/tools/') && text.includes('GetTranscriptionJob'))![1];
    expect(tool).toContain("constants: [{ name: 'X-Amz-Target', in: 'header', value: 'Transcribe.GetTranscriptionJob' }]");
    expect(tool).toContain('params: [],');
    expect(tool).not.toMatch(/X-Amz-(Date|Signature)/);
  });

  it('depends on the signing library, and documents the AWS variables in the README', () => {
    expect(JSON.parse(signed.get('package.json')!).dependencies[SIGV4_LIBRARY.package]).toBe(SIGV4_LIBRARY.version);
    const readme = signed.get('README.md')!;
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', 'AWS_DEFAULT_REGION']) {
      expect(readme).toContain(name);
    }
  });

  it('a project without SigV4 does not depend on the library, and keeps the signature headers as arguments', () => {
    const plain = files(createModel([{ ...getJob, security: [] }]));
    expect(JSON.parse(plain.get('package.json')!).dependencies).not.toHaveProperty(SIGV4_LIBRARY.package);
    const tool = [...plain.entries()].find(([path]) => path.startsWith('src/tools/'))![1];
    expect(tool).toContain("name: 'X-Amz-Date'");
  });
});

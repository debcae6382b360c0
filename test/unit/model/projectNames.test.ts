/** One slug of the API title names both the default output folder and the npm package, so they always agree. */
import { describe, expect, it } from 'vitest';
import { defaultOutputDir, defaultPackageName, titleSlug } from '../../../src/model/projectNames.js';

describe('project names from the API title', () => {
  it.each([
    ['Azure Document Translation', 'azure-document-translation', 'azure-document-translation-mcp'],
    ['GitHub v3 REST API', 'github-v3-rest-api', 'github-v3-rest-api-mcp'],
    // Words as the title writes them: no split at case changes (`OpenAI` is one word, not `open-ai`).
    ['OpenAI API', 'openai-api', 'openai-api-mcp'],
    ['Cloud Text-to-Speech API', 'cloud-text-to-speech-api', 'cloud-text-to-speech-api-mcp'],
    ['Café  Orders!', 'cafe-orders', 'cafe-orders-mcp'],
    ['  --Batch_Service--  ', 'batch-service', 'batch-service-mcp'],
    ['', 'mcp-server', 'api-mcp'],
    ['!!!', 'mcp-server', 'api-mcp'],
    ['x'.repeat(100), 'x'.repeat(64), `${'x'.repeat(64)}-mcp`],
    [`${'a'.repeat(63)} b`, 'a'.repeat(63), `${'a'.repeat(63)}-mcp`],
  ])('%j → folder %s, package %s', (title, folder, pkg) => {
    expect(defaultOutputDir(title)).toBe(folder);
    expect(defaultPackageName(title)).toBe(pkg);
  });

  it('derives folder and package from the same slug whenever the title has one', () => {
    for (const title of ['OpenAI API', 'Petstore', 'Ünïcödé Sërvice v2', 'AWS S3 (2006-03-01)']) {
      expect(defaultPackageName(title)).toBe(`${defaultOutputDir(title)}-mcp`);
      expect(titleSlug(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

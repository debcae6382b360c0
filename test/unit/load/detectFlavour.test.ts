import { describe, expect, it } from 'vitest';
import { detectFlavour } from '../../../src/load/detectFlavour.js';

describe('detectFlavour', () => {
  it.each([
    [{ swagger: '2.0' }, 'swagger-2.0', []],
    [{ swagger: 2 }, 'swagger-2.0', []],
    [{ openapi: '3.0.3' }, 'openapi-3.0', []],
    [{ openapi: 3 }, 'openapi-3.0', []],
    [{ openapi: '3.1.0' }, 'openapi-3.1', []],
    [{ openapi: 3.1 }, 'openapi-3.1', []],
    [{ openapi: '3.2.0' }, 'openapi-3.1', ['MJG108']],
    [{ openapi: '4.0.0' }, undefined, ['MJG107']],
    [{ swagger: '1.2' }, undefined, ['MJG107']],
    [{ swaggerVersion: '1.2' }, undefined, ['MJG106']],
    [['openapi'], undefined, ['MJG106']],
    [undefined, undefined, ['MJG106']],
  ])('%j → %s', (document, flavour, codes) => {
    const result = detectFlavour(document, 'spec.yaml');
    expect(result.flavour).toBe(flavour);
    expect(result.diagnostics.map((d) => d.code)).toEqual(codes);
  });
});

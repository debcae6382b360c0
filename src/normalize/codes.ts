/** Every diagnostic the normalize stage emits (documented in docs/DIAGNOSTICS.md, checked by a test). */
import type { CodeInfo } from '../model/diagnostics.js';

export const NORMALIZE_CODES = {
  MJG201: {
    severity: 'warning',
    title: 'duplicate operationId; both operations are kept (tool names are made unique)',
    help: 'Give each operation its own operationId so tool names stay stable.',
  },
  MJG202: {
    severity: 'error',
    title: 'a $ref to a parameter, response, request body, header, link or path item does not resolve; the item is skipped',
    help: 'Point the $ref at an existing component.',
  },
  MJG203: {
    severity: 'error',
    title: 'a $ref inside a schema does not resolve; its target is treated as {} (any value)',
    help: 'Point the $ref at an existing schema.',
  },
  MJG204: {
    severity: 'error',
    title: 'invalid parameter (no name, or `in` is not path/query/header/cookie/body/formData); skipped',
    help: 'Every parameter needs a `name` and a valid `in`.',
  },
  MJG205: {
    severity: 'error',
    title: 'a path item, operation or section is not an object; skipped',
    help: 'Fix the structure at the pointer given.',
  },
  MJG206: {
    severity: 'warning',
    title: 'security scheme of an unknown type; skipped',
    help: 'Use one of apiKey, http, oauth2, openIdConnect, mutualTLS (Swagger 2: basic, apiKey, oauth2).',
  },
  MJG207: {
    severity: 'warning',
    title: 'Swagger 2 `collectionFormat: tsv` has no OpenAPI 3 style; sent comma-separated',
    help: 'Prefer csv, ssv, pipes or multi.',
  },
  MJG208: {
    severity: 'warning',
    title: 'a security requirement names a scheme that is not declared',
    help: 'Declare the scheme under components.securitySchemes (Swagger 2: securityDefinitions).',
  },
  MJG209: {
    severity: 'warning',
    title: 'a `{name}` in the path has no path parameter; one is added as a required string',
    help: 'Declare the path parameter so that it gets a description and constraints.',
  },
  MJG210: {
    severity: 'warning',
    title: 'Swagger 2 operation has both `in: body` and `in: formData` parameters; the body wins',
    help: 'An operation may have a body parameter or form parameters, not both.',
  },
  MJG211: {
    severity: 'warning',
    title: 'a $ref chain loops back on itself; the item is skipped',
    help: 'A parameter/response/... $ref must end at a real definition.',
  },
  MJG212: {
    severity: 'warning',
    title:
      'a header parameter names a header only the HTTP client sets (Host, Content-Length, Transfer-Encoding, Connection and other hop-by-hop fields, Expect, Proxy-Authorization, Cookie); it is dropped',
    help: 'Remove the parameter: the server sets these itself. A cookie belongs in an `in: cookie` parameter or a security scheme.',
  },
  MJG213: {
    severity: 'warning',
    title: "a path is both in `paths` and in AutoRest's `x-ms-paths`; the one in `paths` is read",
    help: '`x-ms-paths` is for the paths `paths` cannot hold (a fixed query after `?`): keep each path in one of them.',
  },
} as const satisfies Record<string, CodeInfo>;

export type NormalizeCode = keyof typeof NORMALIZE_CODES;

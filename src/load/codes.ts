/**
 * Every diagnostic the load stage emits, with its severity and help line in one place so that
 * docs/DIAGNOSTICS.md can be checked against it (test/unit/load/codes.test.ts).
 */
import { type CodeInfo, diagnosticFactory } from '../model/diagnostics.js';

export const LOAD_CODES = {
  MJG101: {
    severity: 'error',
    title: 'cannot read the spec file',
    help: 'Check the path and that the file is readable (permissions, a broken symbolic link).',
  },
  MJG102: {
    severity: 'error',
    title: 'invalid JSON or YAML (with line and column)',
    help: 'Fix the syntax at the line and column given; a YAML linter shows the context.',
  },
  MJG103: {
    severity: 'error',
    title: 'a relative $ref names a file that cannot be read',
    help: 'Fix the $ref path (relative to the file that contains it) or add the missing file.',
  },
  MJG104: {
    severity: 'error',
    title: 'remote $ref not supported (never fetched); its target is treated as {}',
    help: 'Download the referenced document next to the spec and point the $ref at the local copy.',
  },
  MJG105: {
    severity: 'error',
    title: "a $ref's JSON pointer does not exist in the referenced file; its target is treated as {}",
    help: 'Fix the part after # so that it names an existing location in that file.',
  },
  MJG106: {
    severity: 'error',
    title: 'not an OpenAPI or Swagger document',
    help: 'The top level must be an object with `openapi: 3.x` or `swagger: "2.0"`.',
  },
  MJG107: {
    severity: 'error',
    title: 'unsupported OpenAPI/Swagger version',
    help: 'Convert the document to Swagger 2.0 or OpenAPI 3.0/3.1 (e.g. with swagger2openapi for 1.x).',
  },
  MJG108: {
    severity: 'warning',
    title: 'OpenAPI version newer than 3.1, read as 3.1',
    help: 'Features beyond 3.1 are ignored; check the generated tools.',
  },
  MJG109: {
    severity: 'warning',
    title: 'duplicate key in a YAML mapping; the last value wins',
    help: 'Remove one of the duplicate keys.',
  },
  MJG110: {
    severity: 'warning',
    title: 'schema validation finding (only with --validate)',
    help: 'The document does not follow the OpenAPI/Swagger schema at this pointer; generation continues.',
  },
  MJG111: {
    severity: 'warning',
    title: 'validation could not complete (only with --validate)',
    help: 'The validator stopped on this problem; fix it and validate again.',
  },
  MJG112: {
    severity: 'error',
    title: 'the spec file is empty (0 bytes, or only whitespace and comments)',
    help: 'Point mcp-jobgen at the OpenAPI document itself; an interrupted download or redirect often leaves an empty file.',
  },
  MJG113: {
    severity: 'error',
    title: 'the spec path is a directory',
    help: 'Pass the OpenAPI file inside it (the message lists the candidates found there).',
  },
  MJG114: {
    severity: 'error',
    title: 'the spec is a URL: remote specs are never fetched',
    help: 'Download it first (curl -fLo openapi.yaml <url>) and pass the local file.',
  },
  MJG115: {
    severity: 'error',
    title:
      "a $ref leaves the spec's folder tree or names a dotfile or dot-directory (symbolic links resolved); not read, its target is treated as {}",
    help: 'Keep referenced files beside the spec, in its folder or below (not in .hidden files or folders); pass --ref-root <dir> to allow a wider folder you trust.',
  },
  MJG116: {
    severity: 'warning',
    title: 'a $ref where OpenAPI allows no reference (under description, summary, title, info, tags, servers, …); not read',
    help: 'Write the text itself there; only schemas, parameters, responses, request bodies, headers, examples, links, callbacks, security schemes and path items may be $refs.',
  },
  MJG117: {
    severity: 'error',
    title: 'YAML aliases expand the document past the node limit (an alias bomb, "billion laughs"); not read',
    help: 'Write the repeated parts out, or reference them with $ref; a spec expands to at most 5 million nodes (or 4 per byte of text).',
  },
} as const satisfies Record<string, CodeInfo>;

export type LoadCode = keyof typeof LOAD_CODES;

/** A diagnostic with its table row's severity and help (`extra.help` refines the help for one case). */
export const loadDiagnostic = diagnosticFactory(LOAD_CODES);

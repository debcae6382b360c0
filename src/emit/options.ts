/** What emit needs from the configuration (a subset of GeneratorConfig, same names and meaning). */
import type { GeneratorConfig } from '../model/config.js';
import type { GenerationSource } from './header.js';

export interface EmitOptions {
  /** npm package name of the generated project; default derived from the API title. */
  packageName?: GeneratorConfig['packageName'];
  /** operationId (or `METHOD /path`) → tool name; wins over derived names. */
  rename?: GeneratorConfig['rename'];
  /** Default upstream base URL; wins over the spec's servers. */
  baseUrl?: GeneratorConfig['baseUrl'];
  /** The spec and options as a command line, printed in every file's header (header.ts sourceOf). */
  source?: GenerationSource;
  /** The runtime templates to ship (tests); default: the ones beside mcp-jobgen (emitRuntime.ts findRuntimeDir). */
  runtimeDir?: string | null;
  /** Output must not depend on the generator's version (byte-identical goldens across releases). */
  generatorVersion?: never;
}

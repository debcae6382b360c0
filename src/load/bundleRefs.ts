/**
 * Multi-file bundling: copies every externally referenced value into the root document so that all
 * `$ref`s become internal (`#/...`). Our own small bundler rather than swagger-parser's: it never touches
 * the network (a remote ref is an MJG104 and its target `{}`), reports every broken ref with the file and
 * pointer that holds it and keeps going, and is only run when a document has external refs at all.
 *
 * Placement: a target that lives under a named section of its file (`common.json#/definitions/Error`)
 * gets the same name in the root (`#/definitions/Error`) when that name is free, so downstream names
 * stay readable; anything else is inlined where it is first used and later uses point there.
 * Root sections (`components`, `definitions`, ...) are visited before `paths` so that the names the root
 * gives to external files (`components/schemas/link: {$ref: schemas/link.yaml}`) win.
 */
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import type { SpecFlavour } from '../model/ir.js';
import { getAtPointer, isObject, pointerOf, splitPointer } from '../model/jsonPointer.js';
import { loadDiagnostic } from './codes.js';
import { homePointerFor } from './homePointer.js';
import { parseSpecText } from './parseText.js';
import { readRegularTextFile } from './readText.js';
import { createRefRoot, type RefRoot, refTargetProblem } from './refConfine.js';
import { externalRefsIn, isFollowableKey, isRefFreeKey, isRemoteRef } from './refScan.js';
import { UNRESOLVED_REF } from './types.js';

export interface BundleResult {
  document: Record<string, unknown>;
  /** Absolute paths of every file read, the root first. */
  files: string[];
  /** Output pointer → absolute file its content was copied from (root content is not listed). */
  sources: Map<string, string>;
  diagnostics: Diagnostic[];
}

const ROOT_SECTIONS_FIRST = ['components', 'definitions', 'parameters', 'responses', 'securityDefinitions'];

interface Pending {
  home: string;
  target: unknown;
  file: string;
  sourcePointer: string;
}

export function bundleExternalRefs(
  root: Record<string, unknown>,
  rootFile: string,
  flavour: SpecFlavour,
  display: (absolute: string) => string,
  refRoot: string = path.dirname(rootFile),
): BundleResult {
  return new Bundler(root, rootFile, flavour, display, createRefRoot(refRoot)).run();
}

class Bundler {
  private readonly parsed = new Map<string, unknown>();
  private readonly unreadable = new Set<string>();
  private readonly placed = new Map<string, string>();
  private readonly claimedHomes = new Set<string>();
  private readonly pending: Pending[] = [];
  private readonly sources = new Map<string, string>();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly files: string[];

  constructor(
    private readonly root: Record<string, unknown>,
    private readonly rootFile: string,
    private readonly flavour: SpecFlavour,
    private readonly display: (absolute: string) => string,
    private readonly refRoot: RefRoot,
  ) {
    this.parsed.set(rootFile, root);
    this.files = [rootFile];
  }

  run(): BundleResult {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(this.root)) out[key] = undefined; // keep the root's key order
    const order = [
      ...ROOT_SECTIONS_FIRST.filter((k) => k in this.root),
      ...Object.keys(this.root).filter((k) => !ROOT_SECTIONS_FIRST.includes(k)),
    ];
    for (const key of order) {
      const value = this.root[key];
      if (isFollowableKey(key, value, undefined)) {
        out[key] = this.visit(value, this.rootFile, pointerOf('#', key), pointerOf('#', key), key);
      } else {
        if (isRefFreeKey(key, undefined)) this.reportRefsNotRead(value, this.rootFile, pointerOf('#', key));
        out[key] = value;
      }
    }
    // Homes are filled after the walk; filling one can discover more.
    for (let i = 0; i < this.pending.length; i++) {
      const { home, target, file, sourcePointer } = this.pending[i]!;
      const segments = splitPointer(home);
      const value = this.visit(target, file, home, sourcePointer, segments[segments.length - 1]);
      setAtSegments(out, segments, value);
    }
    return { document: out, files: this.files, sources: this.sources, diagnostics: this.diagnostics };
  }

  private visit(node: unknown, file: string, outPointer: string, sourcePointer: string, parentKey: string | undefined): unknown {
    if (Array.isArray(node)) {
      return node.map((item, i) => this.visit(item, file, `${outPointer}/${i}`, `${sourcePointer}/${i}`, undefined));
    }
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      return this.visitRef(node, node.$ref, file, outPointer, sourcePointer);
    }
    return this.visitKeys(node, file, outPointer, sourcePointer, parentKey);
  }

  private visitKeys(
    node: Record<string, unknown>,
    file: string,
    outPointer: string,
    sourcePointer: string,
    parentKey: string | undefined,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      const value = node[key];
      const isNode = value !== null && typeof value === 'object';
      if (isNode && isFollowableKey(key, value, parentKey)) {
        out[key] = this.visit(value, file, pointerOf(outPointer, key), pointerOf(sourcePointer, key), key);
      } else {
        if (isNode && isRefFreeKey(key, parentKey)) this.reportRefsNotRead(value, file, pointerOf(sourcePointer, key));
        out[key] = value;
      }
    }
    return out;
  }

  /** A `$ref` where OpenAPI allows none (under `description`, `info`, ...) stays as written and is never read. */
  private reportRefsNotRead(value: unknown, file: string, sourcePointer: string): void {
    for (const { ref, pointer } of externalRefsIn(value, sourcePointer)) {
      this.diagnostics.push(
        loadDiagnostic('MJG116', `$ref ${ref} at ${pointer} in ${this.display(file)} is where OpenAPI allows no reference; not read`, {
          file: this.display(file),
          pointer,
        }),
      );
    }
  }

  private visitRef(node: Record<string, unknown>, ref: string, file: string, outPointer: string, sourcePointer: string): unknown {
    const { $ref: _ref, ...rest } = node;
    const siblings = Object.keys(rest).length > 0 ? this.visitKeys(rest, file, outPointer, sourcePointer, undefined) : undefined;
    const withSiblings = (value: Record<string, unknown>) => (siblings ? { ...value, ...siblings } : value);

    // A broken ref's target becomes an empty object (any value, as a schema) that remembers the ref, so that
    // build skips it quietly instead of reporting a second problem (e.g. "parameter has no name").
    const broken = () => withSiblings({ [UNRESOLVED_REF]: ref });
    if (isRemoteRef(ref)) {
      this.diagnostics.push(
        loadDiagnostic('MJG104', `remote $ref not supported: ${ref} in ${this.display(file)}`, {
          file: this.display(file),
          pointer: sourcePointer,
        }),
      );
      return broken();
    }
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = normaliseFragment(hash === -1 ? '' : ref.slice(hash + 1));
    const targetFile = filePart === '' ? file : path.resolve(path.dirname(file), safeDecode(filePart));
    if (targetFile === this.rootFile) return withSiblings({ $ref: `#${fragment}` });

    const outside = refTargetProblem(targetFile, this.refRoot);
    if (outside !== undefined) {
      this.diagnostics.push(
        loadDiagnostic(
          'MJG115',
          `$ref ${ref} in ${this.display(file)} is not read: ${outside} (the folder $refs may read: ${this.display(this.refRoot.lexical)}/)`,
          {
            file: this.display(file),
            pointer: sourcePointer,
          },
        ),
      );
      return broken();
    }

    const key = `${targetFile}#${fragment}`;
    const existing = this.lookupPlaced(targetFile, fragment);
    if (existing !== undefined) return withSiblings({ $ref: existing });

    const document = this.read(targetFile, ref, file, sourcePointer);
    if (document === undefined) return broken();
    const target = fragment === '' ? document : getAtPointer(document, fragment);
    if (target === undefined) {
      this.diagnostics.push(
        loadDiagnostic('MJG105', `$ref ${ref} in ${this.display(file)}: ${this.display(targetFile)} has nothing at #${fragment}`, {
          file: this.display(file),
          pointer: sourcePointer,
        }),
      );
      return broken();
    }

    const home = homePointerFor(fragment, this.flavour);
    if (home !== undefined && !this.claimedHomes.has(home) && getAtPointer(this.root, home) === undefined) {
      this.claimedHomes.add(home);
      this.placed.set(key, home);
      this.sources.set(home, targetFile);
      this.pending.push({ home, target, file: targetFile, sourcePointer: `#${fragment}` });
      return withSiblings({ $ref: home });
    }
    this.placed.set(key, outPointer);
    this.sources.set(outPointer, targetFile);
    const inlined = this.visit(target, targetFile, outPointer, `#${fragment}`, undefined);
    return isObject(inlined) ? withSiblings(inlined) : inlined;
  }

  /** An exact placement, or a placed ancestor plus the rest of the pointer. */
  private lookupPlaced(targetFile: string, fragment: string): string | undefined {
    const exact = this.placed.get(`${targetFile}#${fragment}`);
    if (exact !== undefined) return exact;
    const segments = fragment.split('/');
    for (let n = segments.length - 1; n >= 1; n--) {
      const prefix = segments.slice(0, n).join('/');
      const placed = this.placed.get(`${targetFile}#${prefix}`);
      if (placed !== undefined) return `${placed}/${segments.slice(n).join('/')}`;
    }
    return undefined;
  }

  private read(targetFile: string, ref: string, fromFile: string, sourcePointer: string): unknown {
    if (this.parsed.has(targetFile)) return this.parsed.get(targetFile);
    const where = { file: this.display(fromFile), pointer: sourcePointer };
    if (this.unreadable.has(targetFile)) {
      this.diagnostics.push(
        loadDiagnostic('MJG103', `$ref ${ref} in ${this.display(fromFile)}: ${this.display(targetFile)} cannot be read`, where),
      );
      return undefined;
    }
    let text: string;
    try {
      text = readRegularTextFile(targetFile);
    } catch (error) {
      this.unreadable.add(targetFile);
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      this.diagnostics.push(
        loadDiagnostic('MJG103', `$ref ${ref} in ${this.display(fromFile)}: cannot read ${this.display(targetFile)} (${reason})`, where),
      );
      return undefined;
    }
    const { value, diagnostics } = parseSpecText(text, this.display(targetFile));
    this.diagnostics.push(...diagnostics);
    if (value === undefined) {
      this.unreadable.add(targetFile);
      return undefined;
    }
    this.parsed.set(targetFile, value);
    this.files.push(targetFile);
    return value;
  }
}

/** `#` / `` → ``; `/a/b` kept; `%7B` decoded so that equal targets get equal keys. */
function normaliseFragment(fragment: string): string {
  if (fragment === '' || fragment === '/') return fragment === '/' ? '/' : '';
  const decoded = safeDecode(fragment);
  return decoded.startsWith('/') ? decoded : `/${decoded}`;
}

function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function setAtSegments(root: Record<string, unknown>, segments: string[], value: unknown): void {
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    if (!isObject(node[segment])) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[segments[segments.length - 1]!] = value;
}

/**
 * The load stage: a spec path → one bundled document with only internal refs, its flavour, and
 * diagnostics. Never throws for bad input. A single-file spec (the common and the big case: GitHub's
 * 13 MB JSON) is only parsed; the bundler runs only when some `$ref` leaves the file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isSpecUrl } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { loadDiagnostic } from './codes.js';
import { detectFlavour } from './detectFlavour.js';
import { loadYamlParser, readSpecText } from './parseText.js';
import { readTextFile } from './readText.js';
import { hasExternalRefs } from './refScan.js';
import { jsonTextMayHaveExternalRefs, yamlTextMayHaveExternalRefs } from './refText.js';
import type { LoadOptions, LoadResult } from './types.js';

export async function loadDocument(specPath: string, options: LoadOptions = {}): Promise<LoadResult> {
  const absolute = path.resolve(specPath);
  const display = displayPath;
  const file = display(absolute);
  const failed = (diagnostics: Diagnostic[], files: string[] = []): LoadResult => ({
    document: {},
    flavour: 'openapi-3.0',
    ok: false,
    files,
    sourceFileOf: () => file,
    diagnostics,
  });

  if (isSpecUrl(specPath)) {
    return failed([loadDiagnostic('MJG114', `${specPath} is a URL: remote specs are never fetched`, { file: specPath })]);
  }
  let text: string;
  try {
    text = readTextFile(absolute);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    if (reason === 'EISDIR') return failed([directoryDiagnostic(absolute, file)]);
    return failed([loadDiagnostic('MJG101', `cannot read ${file} (${reason})`, { file })]);
  }
  // YAML reads an empty file (or one of only comments) as "no document", without an error of its own.
  if (isBlank(text)) {
    return failed([loadDiagnostic('MJG112', `${file} is empty (${Buffer.byteLength(text)} bytes, no document in it)`, { file })], [file]);
  }
  const parsed = await readSpecText(text, file);
  if (parsed.value === undefined) return failed(parsed.diagnostics, [file]);
  const { flavour, diagnostics: flavourDiagnostics } = detectFlavour(parsed.value, file);
  const diagnostics = [...parsed.diagnostics, ...flavourDiagnostics];
  if (flavour === undefined) return failed(diagnostics, [file]);

  let document = parsed.value as Record<string, unknown>;
  let files = [file];
  let sourceFileOf: (pointer: string) => string = () => file;
  // The text proves most single-file specs ref-local without a walk over the parsed document.
  const mayLeave = parsed.json === true ? jsonTextMayHaveExternalRefs(text) : yamlTextMayHaveExternalRefs(text);
  if (mayLeave && hasExternalRefs(document)) {
    // Loaded on use (as is validation): single-file specs, the common and the big case, never need them.
    // Referenced files may be YAML whatever the root is: the bundler parses them synchronously.
    const [{ bundleExternalRefs }] = await Promise.all([import('./bundleRefs.js'), loadYamlParser()]);
    const bundled = bundleExternalRefs(document, absolute, flavour, display, options.refRoot ?? path.dirname(absolute));
    document = bundled.document;
    files = bundled.files.map(display);
    diagnostics.push(...bundled.diagnostics);
    sourceFileOf = (pointer) => {
      for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
        const source = bundled.sources.get(p);
        if (source !== undefined) return display(source);
        if (!p.includes('/')) return file;
      }
    };
  }
  if (options.validate) {
    const { validateDocument } = await import('./validateDocument.js');
    diagnostics.push(...(await validateDocument(document, sourceFileOf)));
  }
  return { document, flavour, ok: true, files, sourceFileOf, diagnostics };
}

const SPEC_LIKE = /\.(ya?ml|json)$/i;
/**
 * Nothing but whitespace, a byte-order mark and `#` comment lines. Scans in place up to the first other character,
 * so a real spec costs a few characters: slicing line by line copied all of a one-line (minified) JSON spec,
 * 16 ms for GitHub's 13 MB.
 */
function isBlank(text: string): boolean {
  const blankOrComment = /\s+|#[^\n]*/y;
  blankOrComment.lastIndex = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (blankOrComment.lastIndex < text.length && blankOrComment.exec(text) !== null);
  // A failed exec resets lastIndex to 0: some other character was found.
  return blankOrComment.lastIndex >= text.length;
}

/** A directory given as the spec: name the spec-like files in it (a few), so the fix is one copy-paste away. */
function directoryDiagnostic(absolute: string, file: string): Diagnostic {
  let names: string[] = [];
  try {
    names = readdirSync(absolute)
      .filter((name) => SPEC_LIKE.test(name))
      .sort();
  } catch {
    // An unreadable directory: no candidates to offer.
  }
  const shown = names.slice(0, 5).map((name) => displayPath(path.join(absolute, name)));
  const more = names.length > 5 ? ', …' : '';
  const candidates = shown.length > 0 ? `; spec-like files in it: ${shown.join(', ')}${more}` : '; it holds no .yaml, .yml or .json file';
  return loadDiagnostic('MJG113', `${file} is a directory, not a spec file${candidates}`, { file });
}

/** Relative to the working directory with `/` separators, so that messages and output never hold absolute paths. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute) || path.basename(absolute);
  return relative.split(path.sep).join('/');
}

/**
 * The load stage: a spec path → one bundled document with only internal refs, its flavour, and
 * diagnostics. Never throws for bad input. A single-file spec (the common and the big case: GitHub's
 * 13 MB JSON) is only parsed; the bundler runs only when some `$ref` leaves the file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import { loadDiagnostic } from './codes.js';
import { detectFlavour } from './detectFlavour.js';
import { parseSpecText } from './parseText.js';
import { hasExternalRefs, isRemoteRef } from './refScan.js';
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

  if (isRemoteRef(specPath)) {
    return failed([
      loadDiagnostic('MJG101', `cannot read ${specPath}: specs are read from local files, never fetched`, { file: specPath }),
    ]);
  }
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    return failed([loadDiagnostic('MJG101', `cannot read ${file} (${reason})`, { file })]);
  }
  const parsed = parseSpecText(text, file);
  if (parsed.value === undefined) return failed(parsed.diagnostics, [file]);
  const { flavour, diagnostics: flavourDiagnostics } = detectFlavour(parsed.value, file);
  const diagnostics = [...parsed.diagnostics, ...flavourDiagnostics];
  if (flavour === undefined) return failed(diagnostics, [file]);

  let document = parsed.value as Record<string, unknown>;
  let files = [file];
  let sourceFileOf: (pointer: string) => string = () => file;
  if (hasExternalRefs(document)) {
    // Loaded on use (as is validation): single-file specs, the common and the big case, never need them.
    const { bundleExternalRefs } = await import('./bundleRefs.js');
    const bundled = bundleExternalRefs(document, absolute, flavour, display);
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

/** Relative to the working directory with `/` separators, so that messages and output never hold absolute paths. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute) || path.basename(absolute);
  return relative.split(path.sep).join('/');
}

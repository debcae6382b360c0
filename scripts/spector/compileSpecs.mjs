#!/usr/bin/env node
/**
 * Compiles the Azure LRO scenario specs of Spector (npm `@azure-tools/azure-http-specs`, MIT, Microsoft) to
 * Swagger 2.0 with the autorest emitter (which keeps `x-ms-long-running-operation`), into fixtures/spector/.
 * The ARM outputs `$ref` the ARM common types v5, which no npm package ships as JSON: they are compiled from
 * the ARM library's own TypeSpec definitions (armCommonTypes.tsp) with the same emitter.
 *
 * The compile is deterministic: the same package versions give the same bytes. fixtures/spector/manifest.json
 * records the versions and the hashes of every input and output; test/e2e/spectorFixtures.test.ts checks them.
 *
 *   node scripts/spector/compileSpecs.mjs            regenerate fixtures/spector/
 *   node scripts/spector/compileSpecs.mjs --verify   fast: exit 1 unless the installed versions, the inputs and
 *                                                    the fixture files all match manifest.json (no compile)
 *   node scripts/spector/compileSpecs.mjs --check    compile into a temp dir; exit 1 if fixtures/spector/ differs
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = join(ROOT, 'fixtures', 'spector');
const SPECS = join(ROOT, 'node_modules', '@azure-tools', 'azure-http-specs', 'specs');
const COMMON_TYPES_TSP = join(ROOT, 'scripts', 'spector', 'armCommonTypes.tsp');
const AUTOREST = '@azure-tools/typespec-autorest';

/** Every Spector spec with a long-running scenario (fixture name → spec folder under `specs/`). */
export const SPECTOR_SPECS = [
  { name: 'azure-core-lro-rpc', dir: 'azure/core/lro/rpc' },
  { name: 'azure-core-lro-standard', dir: 'azure/core/lro/standard' },
  { name: 'arm-operation-templates', dir: 'azure/resource-manager/operation-templates' },
  { name: 'arm-large-header', dir: 'azure/resource-manager/large-header' },
  { name: 'arm-resources', dir: 'azure/resource-manager/resources' },
];

/** Packages whose versions decide the output bytes. */
const PACKAGES = [
  '@azure-tools/azure-http-specs',
  '@azure-tools/typespec-autorest',
  '@azure-tools/typespec-azure-core',
  '@azure-tools/typespec-azure-resource-manager',
  '@azure-tools/typespec-client-generator-core',
  '@typespec/compiler',
  '@typespec/http',
  '@typespec/openapi',
  '@typespec/rest',
  '@typespec/versioning',
];

/**
 * What manifest.json records; every map is file or package → sha256 or version.
 * @typedef {{ source: string, packages: Record<string, string>, inputs: Record<string, string>,
 *   outputs: Record<string, string> }} Manifest
 */

const sha256 = (/** @type {Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * @param {string} dir
 * @returns {string[]} every file below `dir`, sorted
 */
function filesUnder(dir) {
  return readdirSync(dir)
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]))
    .sort();
}

/** Hashes of what a compile reads: the spec folders, the common-types source and this script. */
/** @returns {Record<string, string>} */
export function inputHashes() {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const spec of SPECTOR_SPECS) {
    for (const file of filesUnder(join(SPECS, spec.dir)).filter((f) => f.endsWith('.tsp'))) {
      hashes[`specs/${relative(SPECS, file)}`] = sha256(readFileSync(file));
    }
  }
  hashes['scripts/spector/armCommonTypes.tsp'] = sha256(readFileSync(COMMON_TYPES_TSP));
  hashes['scripts/spector/compileSpecs.mjs'] = sha256(readFileSync(fileURLToPath(import.meta.url)));
  return hashes;
}

/** @returns {Record<string, string>} */
export function packageVersions() {
  /** @type {Record<string, string>} */
  const versions = {};
  for (const name of PACKAGES) {
    const pkg = /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')));
    versions[name] = pkg.version;
  }
  return versions;
}

/**
 * @param {string} dir
 * @returns {Record<string, string>}
 */
export function outputHashes(dir) {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const file of filesUnder(dir).filter((f) => f.endsWith('.json') && !f.endsWith('manifest.json'))) {
    hashes[relative(dir, file)] = sha256(readFileSync(file));
  }
  return hashes;
}

/** @param {string} outDir */
async function compileInto(outDir) {
  const { compile, NodeHost, logDiagnostics } = await import('@typespec/compiler');
  const { getAllServicesAtAllVersions, resolveAutorestOptions, sortOpenAPIDocument } =
    /** @type {typeof import('@azure-tools/typespec-autorest')} */ (await import(AUTOREST));
  /**
   * @param {import('@typespec/compiler').Program} program
   * @param {string} what
   */
  const fail = (program, what) => {
    const errors = program.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length === 0) return;
    logDiagnostics(errors, NodeHost.logSink);
    throw new Error(`compiling ${what} failed`);
  };
  // 1. ARM common types v5, from the ARM library's TypeSpec.
  const common = await compile(NodeHost, COMMON_TYPES_TSP, { noEmit: true });
  fail(common, 'the ARM common types');
  const [service] = await getAllServicesAtAllVersions(common, resolveAutorestOptions(common, outDir, {}));
  const v5 = service?.versioned ? service.versions.find((v) => v.version === 'v5')?.document : undefined;
  if (!v5) throw new Error(`${COMMON_TYPES_TSP} compiled to no v5 version`);
  v5.paths = {};
  delete v5.info['x-typespec-generated'];
  const typesDir = join(outDir, 'common-types', 'resource-management', 'v5');
  mkdirSync(typesDir, { recursive: true });
  writeFileSync(join(typesDir, 'types.json'), `${JSON.stringify(sortOpenAPIDocument(v5), null, 2)}\n`);
  // 2. The scenario specs, refs pointing at those common types.
  for (const spec of SPECTOR_SPECS) {
    const program = await compile(NodeHost, join(SPECS, spec.dir, 'main.tsp'), {
      emit: [AUTOREST],
      options: {
        [AUTOREST]: {
          'emitter-output-dir': outDir,
          'output-file': `${spec.name}.json`,
          'arm-types-dir': join(outDir, 'common-types', 'resource-management'),
          'new-line': 'lf',
        },
      },
    });
    fail(program, spec.dir);
    if (!existsSync(join(outDir, `${spec.name}.json`))) throw new Error(`${spec.dir} produced no ${spec.name}.json`);
  }
}

/**
 * @param {string} outDir
 * @returns {Manifest}
 */
function manifest(outDir) {
  return {
    source: 'npm @azure-tools/azure-http-specs (MIT, Microsoft)',
    packages: packageVersions(),
    inputs: inputHashes(),
    outputs: outputHashes(outDir),
  };
}

/** Differences between manifest.json and what is installed and committed now, as sentences (empty: current). */
function verify() {
  const recorded = /** @type {Manifest} */ (JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8')));
  const now = manifest(FIXTURES);
  const problems = [];
  for (const part of /** @type {const} */ (['packages', 'inputs', 'outputs'])) {
    const keys = new Set([...Object.keys(recorded[part]), ...Object.keys(now[part])]);
    for (const key of keys) {
      if (recorded[part][key] !== now[part][key])
        problems.push(`${part} ${key}: recorded ${recorded[part][key] ?? '(none)'}, now ${now[part][key] ?? '(none)'}`);
    }
  }
  return problems;
}

async function main() {
  if (process.argv.includes('--verify')) {
    const problems = verify();
    if (problems.length > 0) {
      console.error(`fixtures/spector is not current (run node scripts/spector/compileSpecs.mjs):\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log('fixtures/spector matches its manifest');
    return;
  }
  const check = process.argv.includes('--check');
  const outDir = check ? mkdtempSync(join(tmpdir(), 'spector-specs-')) : FIXTURES;
  if (!check) {
    for (const entry of existsSync(FIXTURES) ? readdirSync(FIXTURES) : [])
      if (entry !== 'README.md') rmSync(join(FIXTURES, entry), { recursive: true });
  }
  mkdirSync(outDir, { recursive: true });
  await compileInto(outDir);
  if (!check) {
    writeFileSync(join(FIXTURES, 'manifest.json'), `${JSON.stringify(manifest(FIXTURES), null, 2)}\n`);
    console.log(`wrote ${Object.keys(outputHashes(FIXTURES)).length} files to ${relative(ROOT, FIXTURES)}`);
    return;
  }
  const want = outputHashes(FIXTURES);
  const got = outputHashes(outDir);
  const differ = [...new Set([...Object.keys(want), ...Object.keys(got)])].filter((f) => want[f] !== got[f]);
  rmSync(outDir, { recursive: true, force: true });
  if (differ.length > 0) {
    console.error(`fixtures/spector is not current: ${differ.join(', ')} differ. Run node scripts/spector/compileSpecs.mjs`);
    process.exit(1);
  }
  console.log('fixtures/spector is current');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

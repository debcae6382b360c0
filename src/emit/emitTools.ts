/**
 * `src/tools/<group>.ts`: one `OperationSpec` constant per operation, then the group's array. One constant
 * per operation keeps tsc from inferring a giant array-literal type (the peer's TS2590 on GitHub). The zod
 * schemas of its plain tools go to `src/schemas/<group>.ts`, loaded on a tool's first call (schemaModule.ts).
 */
import type { ListedSchemas, OperationSpec, PromotionSpec } from '../../templates/runtime/definition.js';
import { wireSchema } from '../../templates/runtime/wireSchema.js';
import { followsAips, successSchema } from '../detect/index.js';
import type { ApiModel, Operation } from '../model/ir.js';
import type { GeneratedFile } from '../model/output.js';
import { singleValue } from '../model/singleValue.js';
import { awsQueryAction, awsQuerySpec } from './awsQuery.js';
import { clipText, LineWriter, literal, propertyKey, quote } from './code.js';
import { type GenerationSource, generatedHeader } from './header.js';
import { followsNote } from './jobText.js';
import { NameRegistry, toArgName, toSnakeCase } from './naming.js';
import {
  annotationsCode,
  annotationsFor,
  bodySpec,
  bodySpecCode,
  constantSpecs,
  type InputPlan,
  isRawMedia,
  operationDescription,
  paramSpec,
  paramSpecCode,
  planInput,
  successObjectSchema,
  supportedSecurity,
} from './operationParts.js';
import { familyTools, runtimeImport, SchemaModuleWriter, schemasLoadOnCall } from './schemaModule.js';
import type { PlannedFamily, PlannedOperation, ToolGroup } from './toolPlan.js';
import { DESCRIPTION_LIMIT, SHAPE_TYPE } from './zod/limits.js';
import { EMPTY_OBJECT_PRINTED, isExact, type JsonNode, type Printed } from './zod/printed.js';
import { ReaderSet } from './zod/readers.js';
import { refName } from './zod/resolve.js';
import { createZodContext, type PrintedProperty, propertyToZod, schemaToZod, type ZodCache, type ZodContext } from './zod/schemaToZod.js';
import { objectJson } from './zod/shapes.js';

/**
 * The runtime values a tool file uses, as its writers recorded them (never by searching the text: a description
 * may quote any of them): `z`, the runtime's zod (runtimeImport), where it prints a schema; `lazy`/`once` build schemas on first read (templates/runtime/core/lazy.ts), so loading a
 * tool file builds no zod and a server starts without building the schemas of operations it never lists, describes
 * or calls; `schemaModule` loads the file's schema module on first call; then the runtime readers some input
 * schema printed (zod/readers.ts).
 */
function helperImport(wrote: { zod: boolean; lazy: boolean; once: boolean; loader: boolean }, readers: ReaderSet): string {
  return runtimeImport([
    wrote.zod && 'z',
    wrote.lazy && 'lazy',
    wrote.once && 'once',
    wrote.loader && 'schemaModule',
    ...readers.imports(),
  ]);
}

/** Schema nodes per tool: enough for real request bodies, small enough for an agent's context and for tsc. */
export const INPUT_NODE_BUDGET = 250;
export const OUTPUT_NODE_BUDGET = 80;

export interface ToolEmitContext {
  model: ApiModel;
  families: Map<string, PlannedFamily>;
  supportedSchemes: ReadonlySet<string>;
  /** Keys of the AWS SigV4 schemes among them: an operation that needs one is signed by the server. */
  signedSchemes: ReadonlySet<string>;
  /** Shared by all tools of one run: big specs convert the same `$ref`s over and over. */
  zodCache: ZodCache;
  /** Tool name → its toolsets (planToolsets.ts). */
  toolsets: ReadonlyMap<string, string[]>;
  source?: GenerationSource;
}

/** The tool file of a group and, when it has plain tools, their schema module (schemaModule.ts). */
export function emitToolGroup(group: ToolGroup, ctx: ToolEmitContext): GeneratedFile[] {
  // The body first: the import line above it names only the helpers the body uses.
  const w = new LineWriter();
  const outputs = group.operations.map((planned) => outputCode(planned, ctx));
  const shared = sharedOutputs(group.operations, outputs);
  const family = familyTools(ctx.families.values());
  const onCall = group.operations.map((planned) => schemasLoadOnCall(planned, family));
  const schemas = new SchemaModuleWriter(group.stem);
  const schemaShared = new LineWriter();
  let wroteOnce = false;
  // A shared output's listed JSON is shared too, so a one-field change to the schema is one change here as well.
  const sharedListed = new Map<string, string>();
  for (const [code, name] of shared) {
    // Its builder goes where the tools using it build their schemas: the tool file, the schema module, or both.
    const users = outputs.flatMap((out, i) => (out?.code === code ? [onCall[i]] : []));
    if (users.includes(false)) {
      w.blank();
      w.expr(`const ${name} = once(() => `, code, ');');
      wroteOnce = true;
    }
    if (users.includes(true)) {
      schemaShared.blank();
      schemaShared.expr(`const ${name} = once(() => `, code, ');');
      schemas.usesOnce = true;
    }
    const json = outputs.find((out) => out?.code === code)!.json;
    if (isExact(json)) {
      sharedListed.set(code, `${name}Listed`);
      if (!users.includes(false)) w.blank();
      w.expr(`const ${name}Listed = `, quote(listedText(json, 'output')), ';');
    }
  }
  const aips = followsAips(
    ctx.model,
    [...ctx.families.values()].map((f) => f.family),
  );
  const inputs = group.operations.map((planned) =>
    planInput(planned, startIdempotency(planned, ctx), {
      schemas: ctx.model.schemas,
      signed: isSigned(planned, ctx),
      aips,
      asks: planned.family ? ctx.families.get(planned.family)?.family.asks : undefined,
      documentVersion: ctx.model.version,
      securitySchemes: ctx.model.securitySchemes,
    }),
  );
  const paramCodes = inputs.map((input) => input.params.map((param) => paramSpecCode(paramSpec(param))));
  const params = sharedParams(inputs, paramCodes);
  if (params.size > 0) w.blank();
  for (const [code, name] of params) w.expr(`const ${name}: ParamSpec = `, code, ';');
  const constNames = new NameRegistry(Number.MAX_SAFE_INTEGER);
  const consts: string[] = [];
  let wroteLazy = false;
  let wroteZod = false;
  // The readers of the schemas printed here; those of the schema module's go to its own set.
  const readers = new ReaderSet();
  group.operations.forEach((planned, i) => {
    // Tool names may hold `-`; toArgName turns any of them into an identifier.
    const name = constNames.claim(toArgName(`op_${planned.tool}`));
    consts.push(name);
    const output = outputs[i];
    w.blank();
    w.block(
      `const ${name}: OperationSpec = {`,
      () => {
        const outputRef = output && {
          code: shared.has(output.code) ? `${shared.get(output.code)}()` : output.code,
          json: output.json,
          listedRef: sharedListed.get(output.code),
        };
        const paramRefs = paramCodes[i]!.map((code) => params.get(code) ?? code);
        const sink = onCall[i] ? { schemas, fn: name.replace(/^op_/, '') } : undefined;
        const wrote = writeOperation(w, planned, ctx, inputs[i]!, paramRefs, outputRef, sink);
        wroteLazy ||= wrote.lazy;
        wroteZod ||= wrote.zod;
        (sink ? schemas.readers : readers).merge(wrote.readers);
      },
      '};',
    );
  });
  w.blank();
  w.expr('export const operations: OperationSpec[] = ', `[${consts.join(', ')}]`, ';');
  const header = generatedHeader(ctx.model.title, ctx.source);
  const imports = helperImport({ zod: wroteZod || wroteOnce, lazy: wroteLazy, once: wroteOnce, loader: !schemas.isEmpty }, readers);
  const types = params.size > 0 ? 'OperationSpec, ParamSpec' : 'OperationSpec';
  const tools: GeneratedFile = {
    path: `src/tools/${group.stem}.ts`,
    contents: w.toString(
      `${header}\n${imports}import type { ${types} } from '../../runtime/definition.js';\n${schemas.isEmpty ? '' : `\n${schemas.loaderLines()}`}`,
    ),
  };
  return schemas.isEmpty ? [tools] : [tools, schemas.file(header, schemaShared.toString())];
}

interface OutputCode extends Printed {
  /** The response schema's own name (`Batch`), when it is a `$ref`. */
  ref?: string;
}

/** The output schema of a plain tool; start operations answer through the job tools, whose outputs the runtime defines. */
export function outputCode(planned: PlannedOperation, ctx: ToolEmitContext): OutputCode | undefined {
  const output =
    planned.role === 'tool' ? (successObjectSchema(planned.op, ctx.model) ?? queryResultSchema(planned.op, ctx.model)) : undefined;
  if (output === undefined) return undefined;
  const zctx = createZodContext(ctx.model.schemas, 'output', OUTPUT_NODE_BUDGET, ctx.zodCache);
  const printed = topLevelObject(schemaToZod(output, zctx), EMPTY_OBJECT_PRINTED);
  const ref = typeof (output as { $ref?: unknown }).$ref === 'string' ? refName((output as { $ref: string }).$ref) : undefined;
  return { ...printed, ...(ref ? { ref } : {}) };
}

/**
 * A query-protocol action's Result schema (declared `text/xml`): the runtime reads the XML answer into that JSON
 * (upstream/queryAnswer.ts), so it is the tool's structured output as a JSON answer's schema would be.
 */
function queryResultSchema(op: Operation, model: ApiModel) {
  const constants = op.parameters.flatMap((param) => {
    const value = param.in === 'query' && param.required ? singleValue(param.schema, model.schemas) : undefined;
    return value === undefined ? [] : [{ param, value }];
  });
  return awsQueryAction(op.path, constants) ? successSchema(op) : undefined;
}

/**
 * Response schemas printed identically for several tools of a file (get, update, cancel of one resource) become
 * one named constant (`BatchOutput`), so the file reads like the API and a change to that schema is one change.
 */
function sharedOutputs(operations: PlannedOperation[], outputs: Array<OutputCode | undefined>): Map<string, string> {
  const uses = new Map<string, { count: number; ref?: string; tool: string }>();
  outputs.forEach((out, i) => {
    if (!out || out === undefined || out.code === EMPTY_OBJECT_PRINTED.code) return;
    const seen = uses.get(out.code);
    if (seen) seen.count += 1;
    else uses.set(out.code, { count: 1, tool: operations[i]!.tool, ...(out.ref ? { ref: out.ref } : {}) });
  });
  const names = new NameRegistry(Number.MAX_SAFE_INTEGER);
  const shared = new Map<string, string>();
  for (const [code, use] of uses) {
    if (use.count < 2) continue;
    const words = toSnakeCase(use.ref ?? use.tool)
      .split('_')
      .filter(Boolean);
    const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
    shared.set(code, names.claim(`${/^[A-Za-z]/.test(pascal) ? pascal : `Schema${pascal}`}Output`));
  }
  return shared;
}

/** Whether the server signs the operation's requests (AWS SigV4): then the signature's headers are no arguments. */
function isSigned(planned: PlannedOperation, ctx: ToolEmitContext): boolean {
  return supportedSecurity(planned.op, ctx.supportedSchemes).some((alt) => alt.some((key) => ctx.signedSchemes.has(key)));
}

/** The upstream idempotency parameter of a start operation (its family's start entry), else null. */
function startIdempotency(planned: PlannedOperation, ctx: ToolEmitContext) {
  const { op } = planned;
  const family = planned.family ? ctx.families.get(planned.family) : undefined;
  return family?.family.start.find((s) => s.op.method === op.method && s.op.path === op.path)?.idempotency ?? null;
}

/**
 * Parameter specs printed identically for several tools of a file (GitHub's `owner` and `repo` path parameters,
 * `per_page`) become one constant each (`param_owner`), in first-use order: GitHub's 3,526 parameter literals
 * become 651, and its project checks with 5.5k fewer types (40.7k → 35.2k; each literal is checked against
 * ParamSpec). The runtime only reads these objects, so sharing one between tools changes nothing it does.
 */
function sharedParams(inputs: readonly InputPlan[], codes: ReadonlyArray<readonly string[]>): Map<string, string> {
  const uses = new Map<string, { count: number; arg: string }>();
  inputs.forEach((input, i) => {
    input.params.forEach((planned, k) => {
      const code = codes[i]![k]!;
      const seen = uses.get(code);
      if (seen) seen.count += 1;
      else uses.set(code, { count: 1, arg: planned.arg });
    });
  });
  const names = new NameRegistry(Number.MAX_SAFE_INTEGER);
  const shared = new Map<string, string>();
  for (const [code, use] of uses) if (use.count >= 2) shared.set(code, names.claim(toArgName(`param_${use.arg}`)));
  return shared;
}

/** What an operation's spec called that the file must import. */
interface Wrote {
  lazy: boolean;
  /** Zod code in the tool file itself (not in the schema module). */
  zod: boolean;
  /** The runtime readers its input schema printed. */
  readers: ReaderSet;
}

/** Writes the operation's spec; says whether it called `lazy(…)`, and which runtime readers its input printed. */
function writeOperation(
  w: LineWriter,
  planned: PlannedOperation,
  ctx: ToolEmitContext,
  input: InputPlan,
  /** Each parameter's spec as printed: a shared constant's name, or the literal. */
  params: readonly string[],
  /** The output schema: its code (a shared constant's call, or the schema), its JSON Schema, and its shared JSON text. */
  output: (Printed & { listedRef?: string | undefined }) | undefined,
  /** A plain tool's schemas go to the schema module (`fn`: its exports' stem) instead of this file. */
  sink?: { schemas: SchemaModuleWriter; fn: string },
): Wrote {
  const { op } = planned;
  // Start tools: the runtime appends the job workflow (it knows the effective dedupe window and wait cap).
  const followed = planned.follows ? ctx.families.get(planned.follows.family) : undefined;
  const note = followed && planned.follows ? followsNote(followed, planned.follows.part) : undefined;
  // Typed against the runtime's contract, so renaming one of these fields fails the generator's compile.
  const head: Pick<OperationSpec, 'tool' | 'operationId' | 'method' | 'path' | 'role' | 'description'> = {
    tool: planned.tool,
    operationId: op.operationId ?? null,
    method: op.method,
    path: op.path,
    role: planned.role,
    description: operationDescription(op, note),
  };
  w.expr('tool: ', quote(head.tool));
  w.expr('operationId: ', head.operationId === null ? 'null' : quote(head.operationId));
  w.line(`method: ${quote(head.method)},`);
  w.expr('path: ', quote(head.path));
  w.line(`role: ${quote(head.role)},`);
  w.expr('description: ', quote(head.description));
  const printedInput = inputSchema(input, ctx);
  let lazyInput: boolean;
  // Whether this operation's schemas went to the schema module (an input without arguments, and no output, stay here).
  const moved = sink !== undefined && (printedInput.props.length > 0 || output !== undefined);
  if (sink && printedInput.props.length > 0) {
    sink.schemas.input(`input_${sink.fn}`, printedInput.props);
    w.block('get input() {', () => w.line(sink.schemas.reference('input', `input_${sink.fn}`)), '},');
    lazyInput = true;
  } else lazyInput = writeInput(w, printedInput.props);
  if (output !== undefined && sink) {
    sink.schemas.output(`output_${sink.fn}`, output.code);
    w.block('get output() {', () => w.line(sink.schemas.reference('output', `output_${sink.fn}`)), '},');
  } else if (output !== undefined) {
    w.block('get output() {', () => w.expr(`return ${lazyCall('output')}`, output.code, ');'), '},');
  }
  // JSON text, not an object literal: tsc checks a string in no time, and the runtime parses it on first list.
  if (isExact(printedInput.json) && (output === undefined || isExact(output.json))) {
    const listed: ListedSchemas = { input: listedText(printedInput.json, 'input') };
    if (output?.listedRef !== undefined) {
      w.block(
        'listed: {',
        () => {
          w.expr('input: ', quote(listed.input), ',');
          w.line(`output: ${output.listedRef},`);
        },
        '},',
      );
    } else {
      if (output !== undefined) listed.output = listedText(output.json, 'output');
      w.expr('listed: ', literal(listed));
    }
  }
  // A query-protocol action is sent as a POST whatever verb it is listed under (GET_CreateCacheCluster is no read).
  const query = awsQueryAction(op.path, input.constants);
  w.expr('annotations: ', annotationsCode(annotationsFor(query ? 'POST' : op.method, op.summary)));
  writeParams(w, params);
  const constants = constantSpecs(input.constants);
  if (constants) w.expr('constants: ', literal(constants));
  if (input.body) w.expr('body: ', bodySpecCode(bodySpec(input.body)));
  if (query) w.expr('awsQuery: ', literal(awsQuerySpec(op, query, input.body?.content.schema, ctx.model)));
  w.expr('security: ', literal(supportedSecurity(op, ctx.supportedSchemes)));
  w.expr('toolsets: ', literal(ctx.toolsets.get(planned.tool) ?? []));
  if (planned.promote) {
    // Only what the contract says: most operations are promoted on the runtime's defaults (`promote: {}`).
    const { timeoutMs, expectedDurationMs, idempotency, announce } = planned.promote;
    const promote: PromotionSpec = {
      ...(timeoutMs !== null ? { timeoutMs } : {}),
      ...(expectedDurationMs !== null ? { expectedDurationMs } : {}),
      ...(idempotency !== null ? { idempotency } : {}),
      ...(announce ? { announce } : {}),
    };
    w.expr('promote: ', literal(promote));
  }
  if (moved) w.line('loadSchemas: schemas.load,');
  return {
    lazy: lazyInput || output !== undefined,
    // An input without arguments stays in the tool file even for a plain tool: `z.strictObject({})`.
    zod: !sink || printedInput.props.length === 0,
    readers: printedInput.readers,
  };
}

/**
 * A shipped schema as tools/list sends it: the printed JSON (zod's own listing) in the wire spelling the runtime
 * also applies to what it converts from zod (templates/runtime/wireSchema.ts).
 */
function listedText(json: JsonNode, io: 'input' | 'output'): string {
  return JSON.stringify(wireSchema(json, io));
}

/** Tool input and output must be zod objects at the top level; anything else becomes the fallback. */
function topLevelObject(printed: Printed, fallback: Printed): Printed {
  // endsWith, not a `$`-anchored regex: that searches the whole (often 20 KB) schema for `.nullable()`.
  const nullable = printed.code.endsWith('.nullable()');
  const stripped = nullable ? printed.code.slice(0, -'.nullable()'.length) : printed.code;
  if (!stripped.startsWith(`z.looseObject${SHAPE_TYPE}(`) && !stripped.startsWith(`z.object${SHAPE_TYPE}(`)) return fallback;
  // A nullable object is listed as `anyOf: [object, null]` (printed.ts): the object is its first member.
  return { code: stripped, json: nullable ? ((printed.json.anyOf as JsonNode[])[0] as JsonNode) : printed.json };
}

/**
 * `lazy<OperationSpec, 'input'>(this, 'input', () => ` with its type arguments given: inferred, tsc infers `T` from
 * `this` and `K` from the key for each of GitHub's 1,854 getters, then checks the builder against `T[K]`. Given,
 * only the check remains (a micro test of 3,000 getters: 1.38 s -> 1.04 s of check, same types). The builder is
 * still checked to return a `z.ZodObject`; type arguments are erased, so the JavaScript is the same.
 */
function lazyCall(key: 'input' | 'output'): string {
  return `lazy<OperationSpec, '${key}'>(this, '${key}', () => `;
}

/** The tool's input as printed: one `name: schema` entry per argument, the JSON Schema of the whole, and the runtime readers it calls. */
export interface PrintedInput {
  props: string[];
  json: JsonNode;
  readers: ReaderSet;
}

/**
 * The tool's input: its parameters and body as one strict object. Strict at the top level: a misspelt argument
 * (`limt`) is refused with its name instead of silently dropped, which would send a different request than the
 * agent meant.
 */
export function inputSchema(input: InputPlan, ctx: ToolEmitContext): PrintedInput {
  const zctx: ZodContext = createZodContext(ctx.model.schemas, 'input', INPUT_NODE_BUDGET, ctx.zodCache);
  const props: string[] = [];
  // No prototype: an argument may be named `__proto__`.
  const properties: JsonNode = Object.create(null) as JsonNode;
  const required: string[] = [];
  const add = (arg: string, printed: PrintedProperty) => {
    props.push(`${propertyKey(arg)}: ${printed.code}`);
    properties[arg] = printed.json;
    if (printed.required) required.push(arg);
  };
  for (const { param, arg } of input.params) {
    add(arg, propertyToZod(param.schema, param.in === 'path' || param.required, zctx, 1, [], param.description));
  }
  if (input.body) add(input.body.arg, bodyToZod(input, zctx));
  for (const a of input.asked ?? []) add(a.name, propertyToZod(a.schema, a.required, zctx, 1, [], askedDescription(a.description)));
  return {
    props,
    json: objectJson(properties, required, false),
    readers: zctx.frame.readers,
  };
}

/** The input's zod code in one line (what writeInput prints over several). */
export function inputCode(input: PrintedInput): string {
  return `z.strictObject${SHAPE_TYPE}({ ${input.props.join(', ')} })`;
}

/** Writes the input schema; true when it called `lazy(…)` (an input with arguments is built on first read). */
function writeInput(w: LineWriter, props: readonly string[]): boolean {
  if (props.length === 0) {
    w.line(`input: z.strictObject${SHAPE_TYPE}({}),`);
    return false;
  }
  w.block(
    'get input() {',
    () =>
      w.block(
        `return ${lazyCall('input')}z.strictObject${SHAPE_TYPE}({`,
        () => {
          for (const prop of props) w.expr('', prop);
        },
        '}));',
      ),
    '},',
  );
  return true;
}

function bodyToZod(input: InputPlan, zctx: ZodContext): PrintedProperty {
  const body = input.body!;
  const description = body.description ?? (isRawMedia(body.content.mediaType) ? rawBodyHint(body.content.mediaType) : undefined);
  if (isRawMedia(body.content.mediaType)) {
    return propertyToZod({ type: 'string' }, body.required, zctx, 1, [], description);
  }
  return propertyToZod(body.content.schema ?? true, body.required, zctx, 1, [], description);
}

/** The poll's own words, and what the runtime does with the value: the start does not send it. */
export function askedDescription(own: string | undefined): string {
  const note = 'Not sent with this call: kept with the job and sent with each status check, which requires it.';
  // The poll's words clipped first, so that the note survives the description's limit.
  const clipped = clipText(own, DESCRIPTION_LIMIT - note.length - 1);
  return clipped ? `${clipped} ${note}` : note;
}

function rawBodyHint(mediaType: string): string {
  return mediaType.toLowerCase().startsWith('text/')
    ? `Request body as ${mediaType} text.`
    : `Request body (${mediaType}) as a base64 string.`;
}

function writeParams(w: LineWriter, params: readonly string[]): void {
  if (params.length === 0) {
    w.line('params: [],');
    return;
  }
  w.block(
    'params: [',
    () => {
      for (const param of params) w.expr('', param);
    },
    '],',
  );
}

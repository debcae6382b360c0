/**
 * The zod schemas of a generated tool file, kept in a module of their own (`src/schemas/<group>.ts`) and imported
 * on first use. GitHub's 1,200 tools hold 3 MB of schema code: parsing it at every start cost a quarter of the
 * cold start to the first tools/list, while tools/list reads the shipped JSON (OperationSpec.listed) and a call
 * needs the schemas of one tool. The schemas built are the same objects as before, so validation is as strict;
 * only when the code is read moves. A module that fails to load fails the calls that need it, with its error,
 * and is tried again on the next one; the server goes on.
 */

export interface SchemaModule<M> {
  /** Imports the module once (again after a failure). */
  load(): Promise<void>;
  /** The loaded module; throws before `load` resolved (a caller that skipped OperationSpec.loadSchemas). */
  get(): M;
}

export function schemaModule<M>(file: string, load: () => Promise<M>): SchemaModule<M> {
  let loaded: M | undefined;
  let loading: Promise<void> | undefined;
  return {
    load() {
      loading ??= load().then(
        (module) => {
          loaded = module;
        },
        (error: unknown) => {
          loading = undefined;
          const why = error instanceof Error ? error.message : String(error);
          throw new Error(`the tool schemas in ${file} could not be loaded: ${why}`);
        },
      );
      return loading;
    },
    get() {
      if (loaded === undefined) throw new Error(`Internal: the tool schemas in ${file} were read before they were loaded.`);
      return loaded;
    },
  };
}

/** Loads the schema modules of `ops` (those that keep theirs in one): what a reader of `op.input` awaits first. */
export async function loadOperationSchemas(ops: Iterable<{ loadSchemas?: () => Promise<void> }>): Promise<void> {
  const loads: Array<Promise<void>> = [];
  for (const op of ops) if (op.loadSchemas) loads.push(op.loadSchemas());
  await Promise.all(loads);
}

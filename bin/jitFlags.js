// V8 flags for a generation run, set on import.
import { setFlagsFromString } from 'node:v8';

// A generation run is short and cold: V8's optimising compiler spends its time inlining into big functions
// (toResponses alone took 79 ms to compile on GitHub's spec, 1.2 s of compile in all) while the main thread waits
// in slower tiers, and on two cores that compile competes with the GC's helpers. Without inlining the compile is
// 0.4 s and GitHub's generation 11-13 % faster in wall time, 18-21 % in CPU (openai.yaml: same wall, 7 % less
// CPU; paired runs, medians of 9-15). Imported first by the launcher (and by scripts/benchStages.mjs, so its stage
// split is the CLI's), for that process only, before anything is optimised; it changes no output. Left alone
// when the user chose an inlining flag.
if (!`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.includes('turbo-inlining')) {
  setFlagsFromString('--no-turbo-inlining');
}

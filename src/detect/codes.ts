/**
 * Every diagnostic job detection reports (MJG300–MJG309: override checks, links that cannot work), one row
 * each, in the shape of every stage's table; checked against docs/DIAGNOSTICS.md by a test.
 */
import { type CodeInfo, diagnosticFactory } from '../model/diagnostics.js';

export const DETECT_CODES = {
  MJG301: {
    severity: 'warning',
    title:
      'an `x-mcp-jobgen` value or config `operations` entry is not `false` or `{family, role}`, or puts `idList` on an id sent in the path or query; ignored',
    help: 'Use false, or `{"family": "<snake_case>", "role": "start" | "poll" | "cancel" | "result"}`; `idList` only with `idIn: "body"` or no `idIn`.',
  },
  MJG302: {
    severity: 'warning',
    title: 'a family made or changed by overrides has no start or no poll operation; dropped',
    help: 'Mark a start and a poll operation of the family.',
  },
  MJG303: {
    severity: 'warning',
    title: 'a config `operations` key names no operation',
    help: 'Use an operationId or `"METHOD /path"` exactly as the spec writes it.',
  },
  MJG304: {
    severity: 'warning',
    title: 'a config `jobs` key names no detected family',
    help: 'The help lists the detected families; `mcp-jobgen explain` prints them.',
  },
  MJG305: {
    severity: 'warning',
    title:
      "an operation that would start a job cannot feed a path parameter of the family's status operation (its described answer has no such field, and it takes no such argument); it is no start of the family, and a family left without starts is not emitted",
    help: 'If the answer does carry the id, say where: `x-mcp-jobgen: {"family": …, "role": "start", "idFrom": "body:<field>"}` (or the config\'s `operations`).',
  },
  MJG306: {
    severity: 'warning',
    title: "a family's cancel or result operation needs a path parameter some start cannot feed; the family gets no cancel / result tool",
    help: 'Mark the operation with `x-mcp-jobgen: {"family": …, "role": "cancel" | "result", "idParam": "<param>"}` if another parameter takes the job id.',
  },
  MJG307: {
    severity: 'warning',
    title:
      "a family's cancel operation requires an input the job does not carry and the agent cannot be asked for (a structure, a list, an id of another thing, or more than two); the family gets no cancel tool",
    help: 'The operation stays a plain tool. If it is the cancel and takes its inputs some other way, mark it with `x-mcp-jobgen: {"family": …, "role": "cancel"}`.',
  },
  MJG308: {
    severity: 'warning',
    title:
      'a `promote` setting (`x-mcp-jobgen.promote` or config `operations[…].promote`) is not `true`, `false` or `{timeoutMs, expectedDurationMs}` (positive whole ms); ignored',
    help: 'Use true, false, or `{"timeoutMs": <ms>, "expectedDurationMs": <ms>}`.',
  },
  MJG309: {
    severity: 'warning',
    title:
      'the contract offers more start–poll pairs than one detection run weighs (thousands of starts and reads sharing one id name); the starts left were not weighed and get no family from id flow',
    help: 'Declare their families with `x-mcp-jobgen` or the config\'s `operations` (`{"family": …, "role": "start" | "poll"}`); overrides are read whatever the budget.',
  },
} as const satisfies Record<string, CodeInfo>;

export type DetectCode = keyof typeof DETECT_CODES;

/** A diagnostic with its table row's severity and help (`extra.help` refines the help for one case). */
export const detectDiagnostic = diagnosticFactory(DETECT_CODES);

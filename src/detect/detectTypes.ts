/**
 * The types detection's units share: the context one detection run carries, a start's candidate family, and the
 * companions (cancel, result) and resource assessment a start gathers. They live here, not in the orchestrator
 * that builds them, so that each convention's unit (Azure, Google, HTTP 202, job resources, id flow) can name them
 * without importing the orchestrator back: no import cycle.
 */
import type { JsonSchema, Operation } from '../model/ir.js';
import type {
  Confidence,
  FamilyKind,
  IdFlowEvidence,
  JobOperationLink,
  MemberSet,
  ReturnsToRest,
  StartArgSource,
  ValueSource,
} from '../model/jobs.js';
import type { AskedInput } from './idflow/askedInputs.js';
import type { StartSignals } from './marked/startSignals.js';
import type { SyntheticOperations } from './marked/syntheticOperations.js';
import type { OperationIndex } from './read/operationIndex.js';
import type { SchemaReader } from './read/schemaWalk.js';
import type { PollFound } from './resource/findPollOperation.js';
import type { StatusAnalysis } from './status/analyzeStatusSchema.js';

export interface CancelFound {
  op: Operation;
  link: JobOperationLink;
  /** Human reason, for evidence. */
  why: string;
  /** The cancel answers 202: the upstream itself treats it as asynchronous work on a job. */
  accepted: boolean;
  /** Other cancel-like verbs on the same job (`stop` beside `terminate`). */
  alternatives: Operation[];
}

export interface ResourceAssessment {
  score: number;
  evidence: string[];
  cancel: CancelFound | null;
  result: { op: Operation; link: JobOperationLink } | null;
  /** Status values come from a schema enum that is a full job lifecycle. */
  strongEnum: boolean;
}

export interface DetectContext {
  index: OperationIndex;
  reader: SchemaReader;
  /** Resource assessments by poll operation, computed once each. */
  resources: Map<Operation, ResourceAssessment>;
  /** Operations a convention guarantees and the spec does not declare (AIP-151 GetOperation). */
  synthetic: SyntheticOperations;
}

export interface StartCandidate {
  kind: 'family';
  start: Operation;
  signals: StartSignals;
  /** Where the job id is: the start's answer, or (`arg:`) its own request, for a job the client names. */
  idFrom: ValueSource | StartArgSource | null;
  /** Poll by operation, or only through URLs the start hands out. */
  poll: PollFound | null;
  pollVia: ValueSource | null;
  status: StatusAnalysis;
  statusSchema: JsonSchema | undefined;
  resource: ResourceAssessment | null;
  evidence: string[];
  confidence: Confidence;
  /** `provisioning` for a resource brought up (idFlowJobs.ts); absent: a job. */
  familyKind?: FamilyKind;
  /** The family's name when the convention knows it (the poll's noun: `query_execution`); else the namer picks. */
  name?: string;
  /** The id-flow link's evidence (idFlowJobs.ts), carried to the start for explain. */
  idFlow?: IdFlowEvidence;
  /** The start answers a list of handles, one per thing it acts on: a job over a set (idflow/memberSets.ts). */
  members?: MemberSet;
  /** The job id is what follows `<type>/` in the ARN `idFrom` reads (idflow/arnResourceId.ts). */
  idFromArn?: string;
  /** The poll reads a thing that rests between runs; its last run says how the job ended (status/returnsToRest.ts). */
  returnsToRest?: ReturnsToRest;
  /** The poll's HTTP code is the job's state (idflow/codeStatusPoll.ts). */
  statusByCode?: true;
  /** A URL poll's status read (linkedStatusStarts.ts): starts whose links lead to one read make one family. */
  linkedRead?: Operation;
  /** The start's action is followed in a status of its own in the poll (actionStatus.ts): a family apart from the poll's. */
  ownStatus?: true;
  /** The start runs a thing made apart (`StartChannel` beside `CreateChannel`): its map and family are its own (status/startVerbEnds.ts). */
  phase?: 'start';
  /** With `phase`: the values the thing rests in before the start runs it (JobFamily.restsBeforeStart). */
  restsBeforeStart?: string[];
  /** Inputs the poll requires that the agent is asked for at the start (idflow/askedInputs.ts). */
  asks?: AskedInput[];
  /** Status values that end the job without saying how: an error there means it failed (JobFamily.neutralEnds). */
  neutralEnds?: string[];
}

export type StartVerdict = StartCandidate | { kind: 'hint'; reason: string } | null;

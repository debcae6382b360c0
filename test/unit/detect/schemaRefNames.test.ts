/**
 * A family is named from its schema's `$ref` only when the ref names a schema: an entry of a schema table or a file
 * of its own (src/detect/familyName.ts). A pointer into an operation (DigitalOcean's bundled
 * `#/paths/…/content/application~1json/schema`) names a place; the family falls back to the path noun
 * (`deployment`), not the keyword `schema`.
 */
import { describe, expect, it } from 'vitest';
import { nameFromSchemaRef, rawNameFromSchemaRef } from '../../../src/detect/familyName.js';

const POINTER = '#/paths/~1v2~1apps~1{app_id}~1deployments/post/responses/200/content/application~1json/schema';

describe('nameFromSchemaRef', () => {
  it.each([
    ['#/components/schemas/Deployment', 'deployment'],
    ['#/definitions/BuildJob', 'build_job'],
    ['#/definitions/io.k8s.api.core.v1.Pod', 'pod'],
    ['schemas/export_task.yaml', 'export_task'],
    ['common.json#/components/schemas/Render', 'render'],
    // The kind of schema is no part of the thing's name: a status info, a data transfer object (Visma's `ProjectDto`).
    ['#/components/schemas/JobStatusInfo', 'job'],
    ['#/components/schemas/ProjectDto', 'project'],
    // Near misses: pointers that name a place in the document, not a schema.
    [POINTER, null],
    ['#/paths/~1jobs/get/responses/200/content/application~1json/schema/properties/job', null],
    ['#/components/responses/JobAnswer', null],
  ])('%s → %s', (ref, name) => {
    expect(nameFromSchemaRef(ref)).toBe(name);
  });

  it('the raw name follows the same rule', () => {
    expect(rawNameFromSchemaRef('#/components/schemas/Operation')).toBe('operation');
    expect(rawNameFromSchemaRef(POINTER)).toBeNull();
  });
});

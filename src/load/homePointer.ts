/**
 * Where an external target that lives in a named section of its own file should live in the bundled root:
 * the same section and name, translated between Swagger 2 and OpenAPI 3 section names. Standalone JSON
 * Schema files keep named schemas under `definitions` or `$defs`; those become schemas too.
 */
import type { SpecFlavour } from '../model/ir.js';
import { pointerOf, splitPointer } from '../model/jsonPointer.js';

const OAS3_COMPONENTS = new Set([
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
]);

/** Swagger 2 root sections for each OpenAPI 3 component kind that has one. */
const SWAGGER2_SECTION: Record<string, string> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
  securitySchemes: 'securityDefinitions',
};

export function homePointerFor(fragment: string, flavour: SpecFlavour): string | undefined {
  const segments = splitPointer(fragment);
  let kind: string | undefined;
  let name: string | undefined;
  if (segments.length === 2) {
    const [section, n] = segments as [string, string];
    name = n;
    if (section === 'definitions' || section === '$defs') kind = 'schemas';
    else if (section === 'parameters' || section === 'responses') kind = section;
    else if (section === 'securityDefinitions') kind = 'securitySchemes';
  } else if (segments.length === 3 && segments[0] === 'components' && OAS3_COMPONENTS.has(segments[1]!)) {
    kind = segments[1];
    name = segments[2];
  }
  if (kind === undefined || name === undefined || name === '') return undefined;
  if (flavour === 'swagger-2.0') {
    const section = SWAGGER2_SECTION[kind];
    return section === undefined ? undefined : pointerOf('#', section, name);
  }
  return pointerOf('#', 'components', kind, name);
}

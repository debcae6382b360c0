/**
 * `codedEnums`: every string enum said as .NET and Java toolchains write one, numeric codes named by the contract
 * (src/model/enumCodes.ts): `enum: [0, 1, 2]`, `type: integer`, and the names, which are the values as written,
 * in the four forms in turn (NSwag `x-enumNames`, openapi-generator `x-enum-varnames`, AutoRest `x-ms-enum.values`,
 * `oneOf` of titled `const`s), so every form is met across a spec. A value that is no name (`Group+Attachment`,
 * `application/json`, one over 64 characters) leaves its enum as written, as do an enum with `null` among its values
 * and one of a single value (a fixed value is no vocabulary). A default given by value becomes its code. OpenAPI 3
 * only. Pure.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { isObject, type JsonObject, mapObjects } from './specWalk.js';

/** What src/model/enumCodes.ts reads as a name. */
const NAME = /^[A-Za-z][A-Za-z0-9 _-]{0,63}$/;
const FORMS = ['x-enumNames', 'x-enum-varnames', 'x-ms-enum', 'titledConsts'] as const;

function coded(node: JsonObject, form: (typeof FORMS)[number]): JsonObject {
  const names = node.enum as string[];
  const codes = names.map((_, i) => i);
  const { enum: _values, 'x-ms-enum': msEnum, const: _const, ...rest } = node;
  const out: JsonObject = { ...rest, type: 'integer', format: 'int32' };
  if (typeof rest.default === 'string') out.default = names.indexOf(rest.default);
  if (form === 'titledConsts') return { ...out, oneOf: names.map((name, i) => ({ const: codes[i]!, title: name })) };
  if (form === 'x-ms-enum') {
    const ext: JsonObject = { values: names.map((name, i) => ({ value: codes[i]!, name })) };
    if (isObject(msEnum) && typeof msEnum.name === 'string') ext.name = msEnum.name;
    return { ...out, enum: codes, 'x-ms-enum': ext };
  }
  return { ...out, enum: codes, [form]: names };
}

export function codedEnums(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || typeof spec.openapi !== 'string') return spec;
  let n = 0;
  return mapObjects(spec, (node) => {
    const values = node.enum;
    if (!Array.isArray(values) || values.length < 2 || values.length > 256) return node;
    if (!values.every((v) => typeof v === 'string' && NAME.test(v))) return node;
    if (new Set(values.map((v) => (v as string).toLowerCase())).size !== values.length) return node;
    if (node.type !== undefined && node.type !== 'string') return node;
    return coded(node, FORMS[n++ % FORMS.length]!);
  });
}

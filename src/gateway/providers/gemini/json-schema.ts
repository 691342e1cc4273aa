// Gemini's function `parameters` and `responseSchema` take an OpenAPI 3.0 Schema subset and
// reject JSON-Schema keywords outside it ($schema, additionalProperties, $ref...). OpenAI
// clients send full JSON Schema (often generated, with $defs), so it is rewritten here:
// local $refs inlined, `type: [x, "null"]` -> `nullable`, `const` -> `enum`, `oneOf` -> `anyOf`,
// everything else outside the subset dropped.
// https://ai.google.dev/api/caching#Schema

import { gatewayErrors } from '../../gateway-error';

type JsonObject = Record<string, unknown>;

const KEPT = new Set([
  'type', 'title', 'description', 'nullable', 'enum', 'required', 'default', 'example',
  'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength',
  'pattern', 'minimum', 'maximum', 'propertyOrdering',
]);
const FORMATS = new Set(['enum', 'date-time', 'int32', 'int64', 'float', 'double']);
const MAX_REF_DEPTH = 8;
/**
 * Inlining $refs can multiply a small schema exponentially (a definition referring to another
 * twice, eight deep, is 2^8 copies; wider fan-out is worse): a 2 KB request once froze the
 * server for seconds and took ~0.9 GB. The expansion is counted as it is built and refused
 * with a 400 past these bounds, far above any real tool schema.
 */
export const MAX_SCHEMA_NODES = 5_000;
export const MAX_SCHEMA_BYTES = 256 * 1024;

interface Budget {
  nodes: number;
  bytes: number;
  param: string;
}

function spend(budget: Budget, bytes: number): void {
  budget.bytes += bytes;
  if (++budget.nodes > MAX_SCHEMA_NODES || budget.bytes > MAX_SCHEMA_BYTES) {
    throw gatewayErrors.invalidRequest(
      `The JSON schema is too large once its $refs are expanded (over ${MAX_SCHEMA_NODES} nodes or ${MAX_SCHEMA_BYTES / 1024} KB).`,
      budget.param,
    );
  }
}

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `param` names the field in the caller's request, for the 400 when the schema is too large. */
export function toGeminiSchema(schema: unknown, param: string): JsonObject {
  if (!isObject(schema)) return {};
  const definitions = { ...asObject(schema.definitions), ...asObject(schema.$defs) };
  return convert(schema, definitions, 0, { nodes: 0, bytes: 0, param });
}

function asObject(v: unknown): JsonObject {
  return isObject(v) ? v : {};
}

function convert(schema: JsonObject, definitions: JsonObject, depth: number, budget: Budget): JsonObject {
  spend(budget, 16);
  if (typeof schema.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : definitions[decodeURIComponent(name)];
    // Recursive schemas cannot be inlined forever; past the limit the value is an open object.
    if (!isObject(target) || depth >= MAX_REF_DEPTH) return { type: 'object', ...(schema.description ? { description: schema.description } : {}) };
    return convert({ ...target, ...withoutRef(schema) }, definitions, depth + 1, budget);
  }

  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      out.type = types[0] ?? 'string';
      if (types.length < value.length) out.nullable = true;
    } else if (key === 'const') {
      out.enum = [value];
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, convert(asObject(s), definitions, depth, budget)]));
    } else if (key === 'items') {
      out.items = convert(asObject(Array.isArray(value) ? value[0] : value), definitions, depth, budget);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const variants = value.filter(isObject);
      const nonNull = variants.filter((v) => v.type !== 'null');
      if (nonNull.length < variants.length) out.nullable = true;
      if (nonNull.length === 1) Object.assign(out, convert(nonNull[0]!, definitions, depth, budget));
      else out.anyOf = nonNull.map((v) => convert(v, definitions, depth, budget));
    } else if (key === 'format') {
      if (typeof value === 'string' && FORMATS.has(value)) out.format = value;
    } else if (KEPT.has(key)) {
      spend(budget, typeof value === 'string' ? value.length : Array.isArray(value) ? value.length * 8 : 8);
      out[key] = value;
    }
  }
  // Gemini's `enum` is a list of strings on STRING schemas only.
  if (Array.isArray(out.enum)) {
    if (out.type === undefined || out.type === 'string') {
      out.type = 'string';
      out.enum = out.enum.map(String);
    } else {
      delete out.enum;
    }
  }
  return out;
}

function withoutRef(schema: JsonObject): JsonObject {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** Gemini rejects OBJECT parameters without properties ("should be non-empty"): send none. */
export function toGeminiParameters(parameters: unknown, param: string): JsonObject | undefined {
  if (!isObject(parameters)) return undefined;
  const converted = toGeminiSchema(parameters, param);
  if (converted.type === 'object' && (!isObject(converted.properties) || Object.keys(converted.properties).length === 0)) return undefined;
  return converted;
}

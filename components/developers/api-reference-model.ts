/**
 * What the API reference page shows of an OpenAPI 3.1 document: operations
 * grouped by tag, each with its permission, parameters, the top-level fields
 * of its request and response, its statuses and an example body. Pure (the
 * page builds it on the server from GET /api/v1/openapi.json's document), so
 * the browser receives only this summary.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  example?: unknown;
  default?: unknown;
};

interface DocOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  "x-required-scope"?: string;
  "x-example-query"?: Record<string, string>;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiLike {
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

export interface FieldView {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  /** The path with each parameter replaced by its example (VIDEO_ID). */
  examplePath: string;
  summary: string;
  description: string;
  scope: string;
  params: (FieldView & { in: string })[];
  /** The request's media type: application/json, or a file's (image/png, text/csv). */
  bodyType: string | null;
  bodyFields: FieldView[];
  exampleBody: unknown;
  exampleQuery: string;
  success: { status: string; description: string; type: string | null }[];
  responseFields: FieldView[];
  errors: { status: string; description: string }[];
}

export interface TagView {
  name: string;
  description: string;
  operations: OperationView[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function resolver(doc: OpenApiLike) {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  return function resolve(s: Schema | undefined, depth = 0): Schema | undefined {
    if (!s || depth > 8) return s;
    if (s.$ref?.startsWith("#/components/schemas/")) return resolve(schemas[s.$ref.slice(21)], depth + 1);
    return s;
  };
}

function typeOf(s: Schema | undefined, resolve: (s: Schema | undefined) => Schema | undefined): string {
  const r = resolve(s);
  if (!r) return "any";
  if (r.const !== undefined) return JSON.stringify(r.const);
  if (r.enum) return r.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = r.anyOf ?? r.oneOf;
  if (union) return [...new Set(union.map((u) => typeOf(u, resolve)))].join(" | ");
  if (r.allOf?.[0]) return typeOf(r.allOf[0], resolve);
  const t = Array.isArray(r.type) ? r.type.join(" | ") : r.type;
  if (t === "array") return `array of ${typeOf(r.items, resolve)}`;
  if (s?.$ref) return s.$ref.slice(21);
  return t ?? "object";
}

function fieldsOf(s: Schema | undefined, resolve: (s: Schema | undefined) => Schema | undefined): FieldView[] {
  const r = resolve(s);
  if (!r?.properties) return [];
  return Object.entries(r.properties).map(([name, p]) => ({
    name,
    type: typeOf(p, resolve),
    required: r.required?.includes(name) ?? false,
    description: resolve(p)?.description ?? p.description ?? null,
  }));
}

/** The fields inside `data` (of each item when it is a list). */
function responseFieldsOf(s: Schema | undefined, resolve: (s: Schema | undefined) => Schema | undefined) {
  const data = resolve(resolve(s)?.properties?.data);
  if (!data) return fieldsOf(s, resolve);
  return fieldsOf(data.type === "array" ? data.items : data, resolve);
}

/** The document's operations grouped by tag, in the document's tag order. */
export function referenceModel(doc: OpenApiLike): TagView[] {
  const resolve = resolver(doc);
  const byTag = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as DocOperation | undefined;
      if (!op) continue;
      const params = (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        type: typeOf(p.schema, resolve),
        required: p.required ?? false,
        description: p.description ?? p.schema?.description ?? null,
      }));
      let examplePath = path;
      for (const p of op.parameters ?? []) {
        if (p.in === "path") examplePath = examplePath.replace(`{${p.name}}`, String(p.schema?.example ?? p.name));
      }
      const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [null, undefined];
      const responses = Object.entries(op.responses ?? {});
      const ok = responses.filter(([status]) => status.startsWith("2") || status.startsWith("3"));
      const okJson = ok.map(([, r]) => r.content?.["application/json"]?.schema).find(Boolean);
      const view: OperationView = {
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        examplePath,
        summary: op.summary ?? "",
        description: op.description ?? "",
        scope: op["x-required-scope"] ?? "",
        params,
        bodyType,
        bodyFields: bodyType === "application/json" ? fieldsOf(body?.schema, resolve) : [],
        exampleBody: body?.example ?? null,
        exampleQuery: new URLSearchParams(op["x-example-query"] ?? {}).toString(),
        success: ok.map(([status, r]) => ({
          status,
          description: r.description ?? "",
          type: r.content ? Object.keys(r.content).join(", ") : null,
        })),
        responseFields: responseFieldsOf(okJson, resolve),
        errors: responses
          .filter(([status]) => status.startsWith("4") || status.startsWith("5"))
          .map(([status, r]) => ({ status, description: r.description ?? "" })),
      };
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), view]);
    }
  }
  const order = (doc.tags ?? []).map((t) => t.name);
  return [...byTag.keys()]
    .sort((a, b) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999))
    .map((name) => ({
      name,
      description: doc.tags?.find((t) => t.name === name)?.description ?? "",
      operations: byTag.get(name) ?? [],
    }));
}

/**
 * The OpenAPI 3.1 description of /api/v1, built from zod schemas with
 * zod-openapi. Each public operation is one `ApiOperation` entry (kept beside
 * its routes, app/api/v1/_openapi/operations); this file turns the entries
 * into a document and knows nothing of any domain: the error envelope, the
 * Bearer security and the permission words live here once.
 */
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { API_ERROR_STATUS, type ApiErrorCode } from "./errors";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What an operation answers with on success: JSON (a zod schema), a file, a redirect or nothing. */
export type ApiSuccess =
  | { status: number; description: string; json: z.ZodType }
  | { status: number; description: string; file: string }
  | { status: 202 | 204 | 307; description: string };

/** One public operation of /api/v1: the route (method + path), who may call it, what it takes and answers. */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path under the server URL, e.g. "/api/v1/videos/{id}"; each `{name}` is a path parameter. */
  path: string;
  /** The group it is listed under ("Videos", "Images", …). */
  tag: string;
  /** The permission an API key needs (the route's `withUser(…, { apiKey })`). */
  scope: string;
  /** Another permission some bodies need (`render_now: true` also needs "render"). */
  alsoNeeds?: { scope: string; when: string };
  operationId: string;
  summary: string;
  description?: string;
  /** Path parameters: one string each, an example value for the reference page. */
  params?: Record<string, { description: string; example: string }>;
  query?: z.ZodObject;
  /** A JSON body (zod), or a raw upload (its media types). */
  body?: z.ZodType | { raw: string[]; description: string };
  success: ApiSuccess[];
  /** Error codes this operation may answer besides the common ones (401, 403, 429, 500). */
  errors?: ApiErrorCode[];
  /** A valid example: what the reference page shows and the contract test sends. */
  example?: { body?: unknown; query?: Record<string, string> };
}

/** The typed error every /api/v1 failure answers (lib/platform/api/errors.ts). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]),
      message: z.string().meta({ description: "A sentence for people; safe to show." }),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: "With 422: each invalid field (dot path) and what is wrong with it." }),
    }),
  })
  .meta({ id: "ApiError", description: "The one error envelope of /api/v1." });

/** Every operation may answer these (sign-in, permission, rate limit, our fault). */
const COMMON_ERRORS: ApiErrorCode[] = ["unauthorized", "forbidden", "rate_limited", "internal_error"];

const STATUS_WORDS: Record<number, string> = {
  400: "The request is malformed.",
  401: "No valid API key or ID token.",
  402: "Not enough credits, or a limit of the plan.",
  403: "The key lacks the permission, or the call is not allowed.",
  404: "No such resource (or not yours).",
  405: "Method not allowed.",
  409: "The resource's state does not allow this now (stale revision, still working, nothing to download).",
  413: "The body is too large.",
  415: "This media type is not accepted.",
  422: "The body or query is not valid: `issues` names each field.",
  429: "Too many requests: wait for `Retry-After` seconds.",
  500: "Something went wrong on our side.",
  503: "A service this call needs is unavailable; try again later.",
};

/** The statuses an operation's errors map to, ascending. */
export function errorStatuses(op: ApiOperation): number[] {
  const codes = [...COMMON_ERRORS, ...(op.errors ?? [])];
  return [...new Set(codes.map((c) => API_ERROR_STATUS[c]))].sort((a, b) => a - b);
}

export const SCOPE_WORDS: Record<string, string> = {
  read: "read (see and download)",
  create: "create (make and edit; free)",
  render: "render (work that spends credits)",
  delete: "delete",
};

function permissionSentence(op: ApiOperation): string {
  const main = `Needs an API key with the **${op.scope}** permission.`;
  return op.alsoNeeds ? `${main} Also **${op.alsoNeeds.scope}** when ${op.alsoNeeds.when}.` : main;
}

function toOperation(op: ApiOperation): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const s of op.success) {
    const key = String(s.status);
    if ("json" in s) {
      responses[key] = { description: s.description, content: { "application/json": { schema: s.json } } };
    } else if ("file" in s) {
      // Several file types under one status (PNG or WebP): one response, a content entry each.
      const before = responses[key];
      responses[key] = {
        description: before ? `${before.description} ${s.description}` : s.description,
        content: {
          ...before?.content,
          [s.file]: {
            schema: s.file.includes("*") ? { type: "string" } : { type: "string", contentMediaType: s.file },
          },
        },
      };
    } else responses[key] = { description: s.description };
  }
  for (const status of errorStatuses(op)) {
    responses[String(status)] = {
      description: STATUS_WORDS[status] ?? "Error.",
      content: { "application/json": { schema: apiErrorSchema } },
    };
  }
  const path = op.params
    ? z.object(
        Object.fromEntries(
          Object.entries(op.params).map(([name, p]) => [
            name,
            z.string().meta({ description: p.description, example: p.example }),
          ]),
        ),
      )
    : undefined;
  const body = op.body;
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, permissionSentence(op)].filter(Boolean).join("\n\n"),
    tags: [op.tag],
    "x-required-scope": op.scope,
    ...(op.alsoNeeds ? { "x-also-required-scope": op.alsoNeeds } : {}),
    // A query that makes a good example (the reference page's curl and fetch snippets use it).
    ...(op.example?.query ? { "x-example-query": op.example.query } : {}),
    requestParams: { ...(path ? { path } : {}), ...(op.query ? { query: op.query } : {}) },
    ...(body
      ? {
          requestBody:
            "raw" in body
              ? {
                  required: true,
                  description: body.description,
                  content: Object.fromEntries(
                    body.raw.map((t) => [t, { schema: { type: "string" as const, contentMediaType: t } }]),
                  ),
                }
              : {
                  required: true,
                  content: {
                    "application/json": {
                      schema: body,
                      ...(op.example?.body !== undefined ? { example: op.example.body } : {}),
                    },
                  },
                },
        }
      : {}),
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string }[];
  /** OpenAPI 3.1 `webhooks`: what this API POSTs to its users' endpoints, by event name. */
  webhooks?: Record<string, { summary: string; description: string; body: z.ZodType }>;
}

/** The OpenAPI 3.1 document of `operations` (throws on a duplicate method + path: each operation once). */
export function buildOpenApiDocument(operations: readonly ApiOperation[], info: OpenApiInfo) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`OpenAPI: ${op.method.toUpperCase()} ${op.path} is listed twice`);
    item[op.method] = toOperation(op);
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: info.title, version: info.version, description: info.description },
      servers: [{ url: "/", description: "This site" }],
      tags: info.tags,
      security: [{ bearerAuth: [] }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description:
              "An API key (`pf_…`, made on the Developers page, with the permissions it was given) or a signed-in person's Firebase ID token (every permission).",
          },
        },
      },
      paths,
      ...(info.webhooks
        ? {
            webhooks: Object.fromEntries(
              Object.entries(info.webhooks).map(([name, w]) => [
                name,
                {
                  post: {
                    summary: w.summary,
                    description: w.description,
                    security: [],
                    requestBody: { content: { "application/json": { schema: w.body } } },
                    responses: { "200": { description: "Any 2xx answer marks the delivery as delivered." } },
                  },
                },
              ]),
            ),
          }
        : {}),
    },
    {},
  );
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * The OpenAPI document (GET /api/v1/openapi.json) is a valid OpenAPI 3.1
 * document, and it lists exactly the routes an API key may call: a scan of
 * app/api/v1/**\/route.ts finds every handler wrapped in `withUser(…, { apiKey })`,
 * and each must be documented with the same permission; a documented
 * operation without such a handler is an error too. (What each operation
 * answers is checked by tests/api/openapi-contract.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { NextRequest } from "next/server";
import { API_OPERATIONS, openApiDocument } from "@/app/api/v1/_openapi/document";
import { GET } from "@/app/api/v1/openapi.json/route";

const ROOT = path.join(process.cwd(), "app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/v1/videos/[id]/route.ts` → `/api/v1/videos/{id}`. */
function apiPath(file: string): string {
  const rel = path.relative(ROOT, path.dirname(file)).split(path.sep).filter(Boolean);
  return ["/api/v1", ...rel.map((s) => (s.startsWith("[") && s.endsWith("]") ? `{${s.slice(1, -1)}}` : s))].join("/");
}

/** The text of the statement or function starting at `from`, up to the next top-level `export`/`function`. */
function statementAt(source: string, from: number): string {
  const rest = source.slice(from + 1);
  const ends = [rest.indexOf("\nexport "), rest.indexOf("\nfunction "), rest.indexOf("\nasync function ")].filter(
    (i) => i >= 0,
  );
  return source.slice(from, ends.length ? from + 1 + Math.min(...ends) : undefined);
}

/** The permission a key needs for `method` of a route file, or null when the handler refuses keys. */
function keyScope(source: string, method: string): string | null {
  const decl = `export const ${method} = `;
  const at = source.indexOf(decl);
  if (at < 0) return delegatedScope(source, method);
  let statement = statementAt(source, at);
  const call = statement.slice(decl.length);
  const helper = /^([A-Za-z_$][\w$]*)\(/.exec(call)?.[1];
  // `export const POST = share("public")`: the handler is built by a function of the file.
  if (helper && helper !== "withUser") {
    const fn = source.indexOf(`function ${helper}(`);
    if (fn < 0) return null;
    statement = statementAt(source, fn);
  }
  if (!statement.includes("withUser(")) return null;
  return /apiKey: "(\w+)"/.exec(statement)?.[1] ?? null;
}

/**
 * `export async function POST(request, context) { const response = await handle(request, context); … }`
 * (the MCP endpoint rewrites its 401): the scope of the `const handle = withUser(…)` it calls.
 */
function delegatedScope(source: string, method: string): string | null {
  const fn = source.indexOf(`export async function ${method}(`);
  if (fn < 0) return null;
  const body = statementAt(source, fn);
  for (const m of body.matchAll(/await (\w+)\(request/g)) {
    const at = source.indexOf(`const ${m[1]} = withUser(`);
    if (at >= 0) return /apiKey: "(\w+)"/.exec(statementAt(source, at))?.[1] ?? null;
  }
  return null;
}

const keyCallable = new Map<string, string>();
for (const file of routeFiles(ROOT)) {
  const source = readFileSync(file, "utf8");
  for (const method of METHODS) {
    const scope = keyScope(source, method);
    if (scope) keyCallable.set(`${method} ${apiPath(file)}`, scope);
  }
}

const documented = new Map(API_OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));

it("finds the key-callable routes (the scan itself works)", () => {
  expect(keyCallable.get("GET /api/v1/videos/{id}")).toBe("read");
  expect(keyCallable.get("POST /api/v1/images/{id}/share")).toBe("create");
  expect(keyCallable.has("GET /api/v1/ops/data")).toBe(false);
  expect(keyCallable.get("POST /api/v1/mcp")).toBe("read");
  expect(keyCallable.size).toBeGreaterThan(80);
});

it("documents every route an API key may call, with the permission it needs", () => {
  const missing = [...keyCallable.keys()].filter((k) => !documented.has(k));
  expect(missing).toEqual([]);
  const wrongScope = [...keyCallable]
    .filter(([k, scope]) => documented.get(k) && documented.get(k)!.scope !== scope)
    .map(([k, scope]) => `${k}: the route needs "${scope}", the document says "${documented.get(k)!.scope}"`);
  expect(wrongScope).toEqual([]);
});

it("documents no operation that does not exist or that an API key may not call", () => {
  const extra = [...documented.keys()].filter((k) => !keyCallable.has(k));
  expect(extra).toEqual([]);
});

it("is a valid OpenAPI 3.1 document, each operation with its permission", async () => {
  const doc = openApiDocument();
  const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(doc.openapi).toBe("3.1.0");
  const ops = Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { "x-required-scope"?: string; description?: string; operationId?: string }>),
  );
  expect(ops).toHaveLength(API_OPERATIONS.length);
  for (const op of ops) {
    expect(["read", "create", "render", "delete"]).toContain(op["x-required-scope"]);
    expect(op.description).toContain(`**${op["x-required-scope"]}** permission`);
  }
  expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
});

it("is served to anyone, cacheable, as JSON", async () => {
  const res = await GET(new NextRequest("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.headers.get("cache-control")).toContain("public");
  const body = await res.json();
  expect(body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
});

/**
 * POST /api/v1/mcp — the Model Context Protocol endpoint (Streamable HTTP,
 * stateless) for AI assistants: `Authorization: Bearer pf_…` (an API key).
 * The endpoint takes the lowest permission (read); each tool checks the one
 * it needs (create, render) and answers a refusal as a tool error.
 * GET and DELETE (a standalone event stream, ending a session) are 405: a
 * stateless server has neither, and MCP clients expect that answer.
 */
import { z } from "zod";
import { ApiError, methodNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { handleMcpRequest } from "@/lib/creation/mcp/server";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
// wait_for_video holds a call up to two minutes.
export const maxDuration = 180;

const handle = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    const response = await handleMcpRequest({ user, origin: request.nextUrl.origin }, request, body);
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
  { apiKey: "read" },
);

/** An MCP client shows a 401's body: say what the endpoint wants, and the RFC 6750 challenge. */
export async function POST(request: Parameters<typeof handle>[0], context: Parameters<typeof handle>[1]) {
  const response = await handle(request, context);
  if (response.status !== 401) return response;
  const reason = ((await response.json()) as { error?: { message?: string } }).error?.message;
  const hint = 'Send "Authorization: Bearer pf_…" with an API key made on the Developers page.';
  const body = new ApiError(
    "unauthorized",
    request.headers.has("authorization")
      ? `${reason ?? "That key is not valid."} ${hint}`
      : `This MCP server needs an API key. ${hint}`,
    { headers: { "WWW-Authenticate": 'Bearer realm="Promptframe"' } },
  );
  return body.toResponse();
}

export const GET = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);

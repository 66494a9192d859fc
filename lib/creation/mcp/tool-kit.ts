import "server-only";
/**
 * What every MCP tool shares: who calls (the identity `withUser` verified for
 * this HTTP request), the site's origin (tools answer absolute URLs an
 * assistant can open), the permission check, and the one mapping of failures
 * to tool errors. A tool's failure is a result with `isError` and the API's
 * own sentence (402 credits, 403 permission, 404, 409, 422, 429), never a
 * protocol error: the assistant reads it and can say it or fix its call.
 */
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ZodError } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import { limitUser, type UserLimitName } from "@/lib/platform/rate-limit";
import { requireKeyScope } from "@/lib/access/auth/server/with-user";
import type { Identity } from "@/lib/access/auth/server/identity";
import type { ApiKeyScope } from "@/lib/access/api-keys/collections";

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolContext {
  user: Identity;
  /** The site's origin as the caller reached it ("https://promptframe.example"). */
  origin: string;
}

/** An absolute URL for a same-origin path (a signed blob URL from cloud storage is already absolute). */
export function absoluteUrl(ctx: ToolContext, pathOrUrl: string): string;
export function absoluteUrl(ctx: ToolContext, pathOrUrl: string | null): string | null;
export function absoluteUrl(ctx: ToolContext, pathOrUrl: string | null): string | null {
  return pathOrUrl === null ? null : new URL(pathOrUrl, ctx.origin).href;
}

/** A successful result: the structured value, and the same as JSON text for clients that show only text. */
export function ok<T extends Record<string, unknown>>(
  value: T,
  summary?: string,
): CallToolResult & { structuredContent: T } {
  const text = JSON.stringify(value, null, 2);
  return {
    content: [{ type: "text", text: summary ? `${summary}\n\n${text}` : text }],
    structuredContent: value,
  };
}

/** A tool error the assistant can read: the API's sentence, its HTTP status and what to do about it. */
export function toolError(error: unknown, tool: string): CallToolResult {
  if (error instanceof ZodError) error = ApiError.fromZod(error);
  if (error instanceof ApiError) {
    const issues = (error.issues ?? []).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
    const lines = [`${error.message} (HTTP ${error.status} ${error.code})`];
    if (issues.length > 0) lines.push(`Details: ${issues.join("; ")}`);
    const retry = error.headers?.["Retry-After"];
    if (retry) lines.push(`Try again in ${retry} s.`);
    return { content: [{ type: "text", text: lines.join("\n") }], isError: true };
  }
  console.error(`[mcp] tool ${tool} failed:`, error);
  return {
    content: [{ type: "text", text: "Something went wrong on our side. Please try again. (HTTP 500 internal_error)" }],
    isError: true,
  };
}

/**
 * Runs a tool's body after its checks: the API key's permission (`read`
 * passed already: the endpoint takes the lowest one) and the same per-user
 * limit the matching /api/v1 route spends.
 */
export async function runTool(
  ctx: ToolContext,
  tool: string,
  needs: { scope: ApiKeyScope; limit?: UserLimitName },
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    requireKeyScope(ctx.user, needs.scope);
    if (needs.limit) await limitUser(needs.limit, ctx.user.uid);
    return await body();
  } catch (error) {
    return toolError(error, tool);
  }
}

/**
 * Progress for a tool call whose caller sent a progress token (MCP
 * `notifications/progress`); a no-op otherwise. Progress only ever grows
 * (the protocol asks for it), in percent.
 */
export function progressReporter(extra: ToolExtra): (fraction: number, message: string) => Promise<void> {
  const token = extra._meta?.progressToken;
  let last = -1;
  return async (fraction, message) => {
    if (token === undefined) return;
    const progress = Math.max(0, Math.min(100, Math.round(fraction * 1000) / 10));
    if (progress <= last) return;
    last = progress;
    await extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken: token, progress, total: 100, message },
    });
  };
}

/** Waits `ms`, or less when the caller hangs up. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

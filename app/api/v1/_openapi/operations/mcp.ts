/**
 * The MCP endpoint (app/api/v1/mcp), when its handler takes API keys through
 * `withUser(…, { apiKey })`: one entry per method it answers, e.g.
 *
 *   {
 *     method: "post",
 *     path: "/api/v1/mcp",
 *     tag: "MCP",
 *     scope: "read",
 *     operationId: "mcpMessage",
 *     summary: "Model Context Protocol (Streamable HTTP)",
 *     description: "JSON-RPC 2.0 messages of the Model Context Protocol; point an MCP client at this URL.",
 *     body: z.looseObject({ jsonrpc: z.literal("2.0"), method: z.string(), id: z.union([z.string(), z.number()]).optional() }),
 *     example: { body: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "example", version: "1.0.0" } } } },
 *     success: [
 *       { status: 200, description: "The JSON-RPC answer.", json: z.looseObject({ jsonrpc: z.literal("2.0") }) },
 *       { status: 200, description: "Or a stream of them.", file: "text/event-stream" },
 *       { status: 202, description: "A notification was accepted." },
 *     ],
 *     errors: ["unprocessable_entity", "bad_request"],
 *   },
 */
import type { ApiOperation } from "@/lib/platform/api/openapi";

export const mcpOperations: ApiOperation[] = [];

/**
 * The MCP endpoint (app/api/v1/mcp): JSON-RPC 2.0 messages of the Model
 * Context Protocol over Streamable HTTP (stateless). An MCP client speaks it;
 * the tools are listed by the protocol itself (tools/list), not here.
 */
import { z } from "zod";
import type { ApiOperation } from "@/lib/platform/api/openapi";

export const mcpOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/mcp",
    tag: "MCP",
    scope: "read",
    operationId: "mcpMessage",
    summary: "Model Context Protocol (Streamable HTTP)",
    description:
      "JSON-RPC 2.0 messages of the Model Context Protocol: point an MCP client at this URL with an API key. " +
      "Send `Accept: application/json, text/event-stream`. Each tool checks the permission it needs (create, render).",
    body: z.looseObject({
      jsonrpc: z.literal("2.0"),
      method: z.string(),
      id: z.union([z.string(), z.number()]).optional(),
    }),
    example: {
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "example", version: "1.0.0" } },
      },
    },
    success: [
      {
        status: 200,
        description: "The JSON-RPC answers, as a stream of server-sent events.",
        file: "text/event-stream",
      },
      { status: 202, description: "A notification or answer from the client was accepted." },
    ],
    errors: ["bad_request", "unprocessable_entity", "payload_too_large", "unsupported_media_type"],
  },
];

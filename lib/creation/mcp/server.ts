import "server-only";
/**
 * Promptframe's Model Context Protocol server: the tools an AI assistant
 * calls to make videos and images for the person whose API key it holds
 * (route: app/api/v1/mcp/route.ts). One server per HTTP request, made for
 * the caller that request authenticated: no session state is kept between
 * requests (stateless Streamable HTTP), so any app process can answer any
 * request and a revoked key stops at its next call.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { registerCatalogTools } from "./catalog-tools";
import { registerCreateTools } from "./create-tools";
import { registerImageTools } from "./image-tools";
import type { ToolContext } from "./tool-kit";
import { registerVideoTools } from "./video-tools";

export const MCP_SERVER_INFO = { name: "promptframe", title: "Promptframe", version: "1.0.0" } as const;

const INSTRUCTIONS =
  "Promptframe makes short videos and images. To make a video: create_video_from_brief (or _from_link, " +
  "_from_product) writes a free storyboard; edit_scene_text changes a scene's words; render_video spends credits " +
  "and starts the MP4; wait_for_video follows it to its file URL. generate_images makes pictures. Tool errors say " +
  "why (credits, permission, limits) in words you can pass on.";

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  registerCatalogTools(server, ctx);
  registerCreateTools(server, ctx);
  registerVideoTools(server, ctx);
  registerImageTools(server, ctx);
  return server;
}

/** Answers one MCP POST (a JSON-RPC message or batch, already read and parsed) for the caller in `ctx`. */
export async function handleMcpRequest(ctx: ToolContext, request: Request, body: unknown): Promise<Response> {
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    // Stateless: no session id, a fresh server and transport per request.
    sessionIdGenerator: undefined,
    // SSE answers, so a tool call can send progress notifications before its result.
    enableJsonResponse: false,
  });
  await server.connect(transport);
  return transport.handleRequest(request, { parsedBody: body });
}

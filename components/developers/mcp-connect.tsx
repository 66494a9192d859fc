"use client";

import { useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";

/** Where the MCP server answers (app/api/v1/mcp/route.ts). */
export const MCP_PATH = "/api/v1/mcp";
/** What the person replaces with one of their keys: never a real key on screen. */
export const KEY_PLACEHOLDER = "pf_YOUR_API_KEY";

export interface McpClientSetup {
  id: string;
  label: string;
  /** Where the snippet goes, as a sentence. */
  where: string;
  snippet: string;
}

/** The setup of common MCP clients for `endpoint`, with the key as a placeholder. */
export function mcpClientSetups(endpoint: string): McpClientSetup[] {
  const authorization = `Bearer ${KEY_PLACEHOLDER}`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: "claude-code",
      label: "Claude Code",
      where: "Run this in a terminal.",
      snippet: `claude mcp add --transport http promptframe ${endpoint} --header "Authorization: ${authorization}"`,
    },
    {
      id: "cursor",
      label: "Cursor",
      where: "Add this to ~/.cursor/mcp.json (or .cursor/mcp.json in a project).",
      snippet: json({ mcpServers: { promptframe: { url: endpoint, headers: { Authorization: authorization } } } }),
    },
    {
      id: "vscode",
      label: "VS Code",
      where: "Add this to .vscode/mcp.json in your project.",
      snippet: json({
        servers: { promptframe: { type: "http", url: endpoint, headers: { Authorization: authorization } } },
      }),
    },
    {
      id: "claude-desktop",
      label: "Claude Desktop",
      where:
        "Add this to claude_desktop_config.json (Settings, Developer, Edit config). It connects through mcp-remote, which needs Node.js.",
      snippet: json({
        mcpServers: {
          promptframe: {
            command: "npx",
            args: ["-y", "mcp-remote", endpoint, "--header", "Authorization:${PROMPTFRAME_AUTH}"],
            env: { PROMPTFRAME_AUTH: authorization },
          },
        },
      }),
    },
  ];
}

const noSubscribe = () => () => undefined;

/** The page's origin in the browser; the path alone until then (no origin on the server without the request). */
function useOrigin(given?: string): string {
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  return given ?? origin;
}

/**
 * "Connect an AI assistant": the MCP server's URL, a copyable setup for
 * common clients (the key left as a placeholder) and the permissions a key
 * needs for the tools. Placed on the developers page.
 */
export function McpConnect({ origin: givenOrigin }: { origin?: string }) {
  const origin = useOrigin(givenOrigin);
  const endpoint = `${origin}${MCP_PATH}`;
  const setups = mcpClientSetups(endpoint);
  const [current, setCurrent] = useState(setups[0]!.id);
  const setup = setups.find((s) => s.id === current) ?? setups[0]!;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connect an AI assistant</CardTitle>
        <CardDescription>
          Claude, Cursor and other assistants that speak the Model Context Protocol (MCP) can make videos and images for
          you: they list templates and voices, write storyboards, edit scene texts, render and bring back the
          file&apos;s link, using one of your API keys.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <CopyField label="Server URL" value={endpoint} copyLabel="Copy URL" />
        <div className="space-y-3">
          <div role="group" aria-label="Your assistant" className="flex flex-wrap gap-2">
            {setups.map((s) => (
              <Button
                key={s.id}
                type="button"
                size="sm"
                variant={s.id === setup.id ? "default" : "outline"}
                aria-pressed={s.id === setup.id}
                onClick={() => setCurrent(s.id)}
              >
                {s.label}
              </Button>
            ))}
          </div>
          <CopyField
            key={setup.id}
            label={`Set up ${setup.label}`}
            description={`${setup.where} Replace ${KEY_PLACEHOLDER} with your key.`}
            value={setup.snippet}
            copyLabel="Copy setup"
            multiline
            rows={Math.min(14, Math.max(4, setup.snippet.split("\n").length + 1))}
          />
        </div>
        <div className="space-y-1 text-sm">
          <p className="font-medium">Permissions the key needs</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>
              <strong className="text-foreground">Read</strong>: list templates, voices, products and videos, and follow
              a render.
            </li>
            <li>
              <strong className="text-foreground">Create</strong>: write storyboards and change scene texts (free).
            </li>
            <li>
              <strong className="text-foreground">Render</strong>: render videos and generate images. These spend
              credits; leave it out and the assistant can only prepare drafts.
            </li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

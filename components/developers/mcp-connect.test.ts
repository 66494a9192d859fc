/**
 * The setups the "Connect an AI assistant" panel offers: each names the
 * endpoint and the key placeholder where its client reads them, and the JSON
 * ones parse (a person pastes them whole into a config file).
 */
import { KEY_PLACEHOLDER, mcpClientSetups } from "./mcp-connect";

const ENDPOINT = "https://promptframe.example/api/v1/mcp";

it("gives Claude Code a command with the endpoint and the Authorization header", () => {
  const code = mcpClientSetups(ENDPOINT).find((s) => s.id === "claude-code")!;
  expect(code.snippet).toBe(
    `claude mcp add --transport http promptframe ${ENDPOINT} --header "Authorization: Bearer ${KEY_PLACEHOLDER}"`,
  );
});

it("gives the JSON clients configs that parse, with the endpoint and the key where each client reads them", () => {
  const byId = Object.fromEntries(mcpClientSetups(ENDPOINT).map((s) => [s.id, s.snippet]));
  const cursor = JSON.parse(byId.cursor!).mcpServers.promptframe;
  expect(cursor).toEqual({ url: ENDPOINT, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } });
  const vscode = JSON.parse(byId.vscode!).servers.promptframe;
  expect(vscode).toEqual({ type: "http", url: ENDPOINT, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } });
  const desktop = JSON.parse(byId["claude-desktop"]!).mcpServers.promptframe;
  expect(desktop.args).toContain(ENDPOINT);
  // mcp-remote reads the header from an argument; the key itself stays in env, where the arguments refer to it.
  expect(desktop.args).toContain("Authorization:${PROMPTFRAME_AUTH}");
  expect(desktop.env.PROMPTFRAME_AUTH).toBe(`Bearer ${KEY_PLACEHOLDER}`);
});

/**
 * The staff chat and function-calling report routes with real emulator
 * tokens: anyone who is not staff is refused (401 / 403) and nothing is
 * written; staff get the models, and a 1 MB chat message is a 413 that says
 * how long a message may be.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmulatorAccount, idTokenFor } from "../support/accounts";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-ops-chat-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

// The first import of the routes compiles the AI SDK and the chat domain.
jest.setTimeout(30_000);

let user: TestUser;
let staffToken: string;
const chatParams = { params: Promise.resolve({ chatId: "chat1" }) };
const body = (text: string) => ({
  trigger: "submit-message",
  model_id: "local/preview",
  message: { id: "m1", role: "user", parts: [{ type: "text", text }] },
  ids: ["m1"],
});

beforeAll(async () => {
  user = await newUser("ops-chat");
  const staff = { email: `staff.${randomUUID().slice(0, 8)}@promptframe.ai`, password: "secret-pass-1" };
  await createEmulatorAccount({ ...staff, emailVerified: true });
  staffToken = await idTokenFor(staff as Parameters<typeof idTokenFor>[0]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("refuses non-staff on every chat and report route, and writes nothing", async () => {
  const models = await import("@/app/api/v1/ops/chat/models/route");
  const list = await import("@/app/api/v1/ops/chat/chats/route");
  const one = await import("@/app/api/v1/ops/chat/chats/[chatId]/route");
  const messages = await import("@/app/api/v1/ops/chat/chats/[chatId]/messages/route");
  const report = await import("@/app/api/v1/ops/function-calls/report/route");
  const examples = await import("@/app/api/v1/ops/function-calls/examples/route");
  const evals = await import("@/app/api/v1/ops/function-calls/evals/route");
  const calls: [string, Promise<Response>][] = [
    ["models", models.GET(req("/api/v1/ops/chat/models", { token: user.token }), noParams)],
    ["chats", list.GET(req("/api/v1/ops/chat/chats", { token: user.token }), noParams)],
    ["chat", one.GET(req("/api/v1/ops/chat/chats/chat1", { token: user.token }), chatParams)],
    [
      "rename",
      one.PATCH(
        req("/api/v1/ops/chat/chats/chat1", { method: "PATCH", token: user.token, json: { title: "x" } }),
        chatParams,
      ),
    ],
    ["delete", one.DELETE(req("/api/v1/ops/chat/chats/chat1", { method: "DELETE", token: user.token }), chatParams)],
    [
      "message",
      messages.POST(
        req("/api/v1/ops/chat/chats/chat1/messages", {
          method: "POST",
          token: user.token,
          json: body("How many users are there?"),
        }),
        chatParams,
      ),
    ],
    ["report", report.GET(req("/api/v1/ops/function-calls/report", { token: user.token }), noParams)],
    [
      "examples",
      examples.GET(req("/api/v1/ops/function-calls/examples?model_id=a&name=b", { token: user.token }), noParams),
    ],
    ["evals", evals.GET(req("/api/v1/ops/function-calls/evals", { token: user.token }), noParams)],
    [
      "start eval",
      evals.POST(
        req("/api/v1/ops/function-calls/evals", {
          method: "POST",
          token: user.token,
          json: { model_id: "local/preview" },
        }),
        noParams,
      ),
    ],
  ];
  for (const [name, p] of calls) {
    const res = await json(await p);
    expect([name, res.status, res.body.error.code]).toEqual([name, 403, "forbidden"]);
  }
  expect((await list.GET(req("/api/v1/ops/chat/chats"), noParams)).status).toBe(401);
  const { getDb } = await import("@/lib/platform/db");
  const { chats } = await import("@/lib/operations/chat/collections");
  const { fcEvalRuns } = await import("@/lib/operations/fc-report/collections");
  expect(await getDb().collection(chats).count()).toBe(0);
  expect(await getDb().collection(fcEvalRuns).count()).toBe(0);
});

it("serves staff, and refuses a 1 MB message with a clear 413", async () => {
  const models = await import("@/app/api/v1/ops/chat/models/route");
  const messages = await import("@/app/api/v1/ops/chat/chats/[chatId]/messages/route");
  const ok = await json(await models.GET(req("/api/v1/ops/chat/models", { token: staffToken }), noParams));
  expect(ok.status).toBe(200);
  expect(ok.body.data.models.map((m: { id: string }) => m.id)).toContain("local/preview");
  const big = await json(
    await messages.POST(
      req("/api/v1/ops/chat/chats/chat1/messages", {
        method: "POST",
        token: staffToken,
        json: body("x".repeat(1024 * 1024)),
      }),
      chatParams,
    ),
  );
  expect(big.status).toBe(413);
  expect(big.body.error.message).toMatch(/at most 32 KB/);
  const bad = await json(
    await messages.POST(
      req("/api/v1/ops/chat/chats/chat1/messages", {
        method: "POST",
        token: staffToken,
        json: { ...body("hi"), model_id: "nope/model" },
      }),
      chatParams,
    ),
  );
  expect([bad.status, bad.body.error.code]).toEqual([422, "unprocessable_entity"]);
});

/**
 * The chat service on a real embedded store with the Local preview model: a
 * turn streams, saves both messages, records its tool calls (feature "chat"),
 * an invalid tool call is kept as a failed, invalid record, oversized
 * messages and other people's chats are refused, edit and regenerate cut the
 * conversation where the browser cut it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Db } from "@/lib/platform/db/db";
import { content, users } from "@/lib/platform/db/collections";
import { allCollections } from "@/lib/registry/collections";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { layouts } from "@/lib/engine/composition/collections";
import { updateLog } from "@/lib/platform/update-log/collections";
import { ApiError } from "@/lib/platform/api/errors";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import type { ChatRequest } from "./contract";
import { countDocuments } from "./tools";
import { deleteChat, getChat, listChats, renameChat, streamChatTurn, type ChatDeps } from "./service";

const dir = mkdtempSync(path.join(tmpdir(), "pf-chat-"));
const db = new Db(
  new EmbeddedDriver({ file: path.join(dir, "t.sqlite"), collections: allCollections }),
  allCollections,
);
const deps: ChatDeps = { db, images: null };
const at = "2026-03-01T10:00:00.000Z";

beforeAll(async () => {
  await db.collection(users).doc("staff1").create({
    user_id: "staff1",
    email: "staff@promptframe.ai",
    name: "Staff",
    photo_url: null,
    provider: "password",
    is_staff: true,
    credits: 100,
    plan: "free",
    created_at: at,
    last_login_at: at,
  });
  for (const [i, status] of (["ready", "ready", "failed"] as const).entries()) {
    await db
      .collection(content)
      .doc(`c${i}`)
      .create({
        owner_id: "staff1",
        kind: "image",
        title: `T${i}`,
        status,
        visibility: "private",
        settings: {},
        blobs: { original: null, thumbnail: null, poster: null },
        error: null,
        created_at: at,
        updated_at: at,
      });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const userMessage = (id: string, text: string) => ({
  id,
  role: "user" as const,
  parts: [{ type: "text" as const, text }],
});
const turn = (
  chatId: string,
  ids: string[],
  text: string,
  trigger: ChatRequest["trigger"] = "submit-message",
  uid = "staff1",
) =>
  streamChatTurn(deps, {
    uid,
    chatId,
    request: { trigger, model_id: LOCAL_LANGUAGE_MODEL_ID, message: userMessage(ids[ids.length - 1]!, text), ids },
  }).then((r) => r.text());

it("answers a count question through the count tool, saves the chat and records the call", async () => {
  const stream = await turn("chatA", ["m1"], "How many content documents have status ready?");
  expect(stream).toContain("tool-input-available");
  expect(stream).toContain('"count":2');
  const chat = await getChat(deps, "staff1", "chatA");
  expect(chat.title).toBe("How many content documents have status ready?");
  expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  const answer = JSON.stringify(chat.messages[1]!.parts);
  expect(answer).toContain("tool-count_documents");
  expect(answer).toContain("There are **2** documents in `content`");
  const calls = await db.collection(functionCalls).where("feature", "==", "chat").get();
  expect(calls.map((c) => [c.data.name, c.data.valid, c.data.ref_id])).toEqual([["count_documents", true, "chatA"]]);
  expect(JSON.parse(calls[0]!.data.arguments!)).toEqual({
    collection: "content",
    filters: [{ field: "status", op: "==", value: "ready" }],
  });
});

it("shows an invalid tool call as a failed tool part and records it as invalid (missing argument)", async () => {
  const stream = await turn("chatB", ["m1"], "Look up the user please");
  expect(stream).toContain("tool-input-error");
  const chat = await getChat(deps, "staff1", "chatB");
  const card = chat.messages[1]!.parts.find((p) => p.type === "tool-lookup_user")!;
  expect(card).toMatchObject({ state: "output-error", rawInput: {} });
  expect(String(card.errorText)).toContain("Give exactly one of email or uid");
  const [rec] = await db.collection(functionCalls).where("ref_id", "==", "chatB").get();
  expect(rec!.data).toMatchObject({ name: "lookup_user", valid: false, error_kind: "missing_argument" });
});

it("drafts a layout into the generated-layouts queue and logs it", async () => {
  await turn("chatC", ["m1"], "Draft a layout called Big Sale with a headline, a picture and a cta");
  const drafts = await db.collection(layouts).where("origin", "==", "generated").get();
  expect(drafts).toHaveLength(1);
  expect(drafts[0]!.data).toMatchObject({
    name: "Big Sale",
    stage: "draft",
    generation: { status: "pending", batch_id: "chat-chatC" },
  });
  expect(drafts[0]!.data.slots.map((s) => s.role)).toEqual(["headline", "media", "cta"]);
  const log = await db.collection(updateLog).where("entity_id", "==", drafts[0]!.id).get();
  expect(log).toHaveLength(1);
});

it("refuses a 1 MB message with a clear 413 and saves nothing", async () => {
  const err = await turn("chatD", ["m1"], "x".repeat(1024 * 1024)).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(413);
  expect((err as ApiError).message).toMatch(/at most 32 KB/);
  expect(await listChats(deps, "staff1")).not.toContainEqual(expect.objectContaining({ id: "chatD" }));
});

it("edits a message (cutting what followed), regenerates an answer, renames and deletes; other people see nothing", async () => {
  await turn("chatE", ["a1"], "hello");
  let chat = await getChat(deps, "staff1", "chatE");
  const firstAnswer = chat.messages[1]!.id;
  await turn("chatE", ["a1", firstAnswer, "a2"], "How many users are there?");
  expect((await getChat(deps, "staff1", "chatE")).messages).toHaveLength(4);
  // Edit the first message: the browser keeps only it, under the same id.
  await turn("chatE", ["a1"], "How many jobs are there?");
  chat = await getChat(deps, "staff1", "chatE");
  expect(chat.messages).toHaveLength(2);
  expect(JSON.stringify(chat.messages[1]!.parts)).toContain("`jobs`");
  // Regenerate: the browser drops the answer and sends the user message again.
  const before = chat.messages[1]!.id;
  await turn("chatE", ["a1"], "How many jobs are there?", "regenerate-message");
  chat = await getChat(deps, "staff1", "chatE");
  expect(chat.messages).toHaveLength(2);
  expect(chat.messages[1]!.id).not.toBe(before);

  await expect(getChat(deps, "other", "chatE")).rejects.toMatchObject({ code: "not_found" });
  await expect(turn("chatE", ["zz"], "hi", "submit-message", "other")).rejects.toMatchObject({ code: "not_found" });
  expect((await renameChat(deps, "staff1", "chatE", "Jobs")).title).toBe("Jobs");
  await deleteChat(deps, "staff1", "chatE");
  await expect(getChat(deps, "staff1", "chatE")).rejects.toMatchObject({ code: "not_found" });
});

it("answers honestly that it is a preview when no tool fits", async () => {
  const stream = await turn("chatF", ["m1"], "What's a good name for a coffee shop?");
  expect(stream).not.toContain("tool-input");
  const chat = await getChat(deps, "staff1", "chatF");
  expect(JSON.stringify(chat.messages[1]!.parts)).toContain("I'm the **Local preview** model");
});

it("counts videos that are ready, not every ready content document, and a wrong collection fails in one short line", async () => {
  const at = new Date().toISOString();
  for (const [id, status] of [
    ["v1", "ready"],
    ["v2", "failed"],
  ] as const) {
    await db
      .collection(content)
      .doc(id)
      .create({
        owner_id: "staff1",
        kind: "video",
        title: id,
        status,
        visibility: "private",
        settings: {},
        blobs: { original: null, thumbnail: null, poster: null },
        error: null,
        created_at: at,
        updated_at: at,
      });
  }
  await turn("chatG", ["m1"], "How many videos are ready?");
  const answer = JSON.stringify((await getChat(deps, "staff1", "chatG")).messages[1]!.parts);
  expect(answer).toContain("tool-count_content");
  expect(answer).toContain("There is **1** video that is ready.");
  await expect(countDocuments(db, { collection: "videos", filters: [] })).rejects.toThrow(
    'There is no collection "videos": videos are content items. Count them with count_content (kind video).',
  );
  await expect(countDocuments(db, { collection: "prompt", filters: [] })).rejects.toThrow(
    'There is no collection "prompt". Did you mean prompt_runs, prompt_suites, prompt_versions?',
  );

  await turn("chatH", ["m1"], "How many widgets are there?");
  const card = (await getChat(deps, "staff1", "chatH")).messages[1]!.parts.find(
    (p) => p.type === "tool-count_documents",
  )!;
  expect(card).toMatchObject({ state: "output-error" });
  expect(String(card.errorText)).toBe('There is no collection "widgets".');
});

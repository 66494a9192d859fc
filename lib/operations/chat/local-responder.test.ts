import { toolCallsFor, type LocalChatKnowledge } from "./local-responder";

const k: LocalChatKnowledge = {
  collections: [
    { name: "content", fields: ["owner_id", "kind", "status", "visibility"] },
    { name: "users", fields: ["email", "plan", "is_staff"] },
    { name: "jobs", fields: ["type", "state"] },
    { name: "chat_messages", fields: ["chat_id"] },
    { name: "chats", fields: ["owner_id"] },
  ],
};

it("chooses the count tool, with filters on declared fields only", () => {
  expect(toolCallsFor("How many content documents have status ready?", k)).toEqual([
    {
      toolName: "count_documents",
      input: { collection: "content", filters: [{ field: "status", op: "==", value: "ready" }] },
    },
  ]);
  expect(toolCallsFor("how many users with plan pro and is_staff true", k)).toEqual([
    {
      toolName: "count_documents",
      input: {
        collection: "users",
        filters: [
          { field: "plan", op: "==", value: "pro" },
          { field: "is_staff", op: "==", value: true },
        ],
      },
    },
  ]);
  expect(toolCallsFor("count chat messages", k)[0]!.input).toEqual({ collection: "chat_messages", filters: [] });
});

it("chooses the lookup tools by what is named", () => {
  expect(toolCallsFor("look up user x@y.io", k)).toEqual([{ toolName: "lookup_user", input: { email: "x@y.io" } }]);
  expect(toolCallsFor("Look up user Abc123XYZ", k)).toEqual([{ toolName: "lookup_user", input: { uid: "Abc123XYZ" } }]);
  expect(toolCallsFor("look up job job_42", k)).toEqual([{ toolName: "lookup_job", input: { id: "job_42" } }]);
  expect(toolCallsFor("find content item img_7", k)).toEqual([{ toolName: "lookup_content", input: { id: "img_7" } }]);
  // Nothing to look up by: the call goes out incomplete, and validation catches it.
  expect(toolCallsFor("look up the user please", k)).toEqual([{ toolName: "lookup_user", input: {} }]);
});

it("generates images, drafts layouts, splits parallel requests and leaves chit-chat alone", () => {
  expect(toolCallsFor("Generate an image of a red bicycle in 16:9", k)).toEqual([
    { toolName: "generate_image", input: { prompt: "a red bicycle", aspect_ratio: "16:9" } },
  ]);
  expect(toolCallsFor("Draft a layout called Promo with a headline and a cta", k)[0]).toMatchObject({
    toolName: "draft_layout",
    input: { name: "Promo", slots: [{ role: "headline" }, { role: "cta" }] },
  });
  expect(toolCallsFor("How many users are there and how many jobs are there?", k).map((c) => c.input)).toEqual([
    { collection: "users", filters: [] },
    { collection: "jobs", filters: [] },
  ]);
  expect(toolCallsFor("What is the weather in Paris today?", k)).toEqual([]);
  expect(toolCallsFor("Write a haiku about autumn.", k)).toEqual([]);
});

it("counts content items by kind and state when asked in the product's words", () => {
  expect(toolCallsFor("How many videos are ready?", k)).toEqual([
    { toolName: "count_content", input: { kind: "video", status: "ready" } },
  ]);
  expect(toolCallsFor("count the failed images", k)).toEqual([
    { toolName: "count_content", input: { kind: "image", status: "failed" } },
  ]);
  expect(toolCallsFor("how many designs", k)).toEqual([{ toolName: "count_content", input: { kind: "design" } }]);
  expect(toolCallsFor("how many content items are finished", k)).toEqual([
    { toolName: "count_content", input: { status: "ready" } },
  ]);
  // Naming another collection is a question about that collection.
  expect(toolCallsFor("how many jobs for videos are running", k)[0]!.toolName).toBe("count_documents");
});

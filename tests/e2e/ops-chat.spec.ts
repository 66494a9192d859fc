/**
 * Staff chat → function-calling report: a question that needs a tool shows
 * its tool card and streamed answer, survives a reload of /llm-chat/{id},
 * and the tool then appears in the report beside the video writer's calls.
 */
import { expect, test } from "./fixtures";

test("chat with a tool call, reopen it, and find its calls in the function-calling report", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/llm-chat");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const input = page.getByLabel("Message", { exact: true });
  await input.fill("How many content documents are there?");
  await input.press("Enter");

  const card = page.locator('details[data-tool="count_documents"]');
  await expect(card).toHaveAttribute("data-state", "done");
  await expect(page.getByText(/There are \d+ documents in/)).toBeVisible();
  await card.locator("summary").click();
  await expect(card.locator("pre").first()).toContainText('"collection": "content"');

  await expect(page).toHaveURL(/\/llm-chat\/[A-Za-z0-9_-]+$/);
  await page.reload();
  await expect(page.getByText("How many content documents are there?").first()).toBeVisible();
  await expect(page.locator('details[data-tool="count_documents"]')).toHaveAttribute("data-state", "done");
  await expect(
    page
      .getByRole("navigation", { name: "Chats" })
      .getByRole("link", { name: "How many content documents are there?" }),
  ).toBeVisible();

  // A video plan made through the API records the writer's calls (feature video.writer).
  const video = await page.request.post("/api/v1/videos", {
    data: {
      brief: "A short ad for a neighbourhood bakery's new sourdough.",
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    },
  });
  expect(video.status()).toBe(201);

  await page.goto("/function-calling-report");
  const chatRow = page.locator('tr[data-row="local/preview/tool/count_documents"]');
  await expect(chatRow).toBeVisible();
  await expect(chatRow).toContainText("chat");
  await expect(page.locator('tr[data-row="local/preview/tool/list_templates"]')).toContainText("video.writer");
});

/**
 * Staff change a live layout only after seeing what changes and how many
 * items use it: Save on a live layout asks first (Cancel writes nothing);
 * slot labels can be hidden to see the content; a template's versions name
 * their authors, never a uid; a draft shows what publishing would change.
 */
import { expect, test } from "./fixtures";

const LAYOUT = "starter-statement";

test("saving a live layout that items use shows the changes and the number of items, and asks first", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/layouts");
  // A design on the layout, so at least one item uses it.
  const design = await page.request.post("/api/v1/designs", {
    data: { template_id: "starter-bold", layout_id: LAYOUT, aspect_ratio: "9:16" },
  });
  expect(design.status()).toBe(201);
  const read = async () => (await (await page.request.get(`/api/v1/studio/layouts/${LAYOUT}`)).json()).data;
  const before = await read();
  expect(before.stage).toBe("live");
  expect(before.usage).toBeGreaterThan(0);

  await page.goto(`/layouts-pipeline/${LAYOUT}`);
  const slots = page.getByRole("group", { name: /^Slots at 9:16/ });
  const first = slots.getByRole("button").first();
  await expect(first).toBeVisible();

  // Where captions go at this ratio is drawn on the canvas.
  await expect(slots.locator("[data-caption-zone]")).toHaveCount(1);
  // Slot labels can be turned off (the selected slot keeps its tag).
  await expect(slots.locator("[data-slot-label]").first()).toBeVisible();
  await page.getByRole("switch", { name: "Slot labels" }).click();
  await expect(slots.locator("[data-slot-label]")).toHaveCount(0);

  await first.click();
  await first.press("ArrowRight");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Save changes to a live layout?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("layout-usage")).toHaveText(
    before.usage === 1 ? "1 item uses it" : `${before.usage} items use it`,
  );
  await expect(dialog.getByRole("list", { name: "What will change" })).toContainText("At 9:16:");
  await expect(dialog.getByRole("list", { name: "What will change" })).toContainText("moved or resized");

  // Cancel: nothing is written.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await read()).revision).toBe(before.revision);

  // Confirm: saved. Then put the box back the same way, so other tests see the starter layout as it was.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dialog.getByRole("button", { name: "Save and update live" }).click();
  await expect(page.getByText(`Saved as revision ${before.revision + 1}.`)).toBeVisible();
  await first.focus();
  await first.press("ArrowLeft");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dialog.getByRole("button", { name: "Save and update live" }).click();
  await expect(page.getByText(`Saved as revision ${before.revision + 2}.`)).toBeVisible();
  expect((await read()).boxes).toEqual(before.boxes);
});

test("the animation page asks too before it changes a live layout", async ({ page, signedInAs }) => {
  await signedInAs("staff", "/layouts");
  // Its own layout: the test above saves LAYOUT, and the two may run at once.
  const layout = "starter-quote";
  const read = async () => (await (await page.request.get(`/api/v1/studio/layouts/${layout}`)).json()).data;
  const before = await read();
  expect(before.stage).toBe("live");
  await page.goto(`/layouts-pipeline/${layout}/animation`);
  const enter = page.getByRole("combobox", { name: /enter animation$/ }).first();
  await expect(enter).toBeVisible();
  const was = await enter.inputValue();
  await enter.selectOption(was === "fade" ? "none" : "fade");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Save changes to a live layout?" });
  await expect(dialog.getByRole("list", { name: "What will change" })).toContainText("enter changed");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await read()).revision).toBe(before.revision);
});

test("a template's versions name their authors, not uids", async ({ page, signedInAs }) => {
  await signedInAs("staff", "/templates-pipeline/starter-bold");
  const versions = page.getByRole("table").filter({ hasText: "Published" }).first();
  await expect(versions).toBeVisible();
  await expect(versions).not.toContainText("seed-staff");
  await expect(versions).not.toContainText(/\bsystem\b/);
});

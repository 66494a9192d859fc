/**
 * The layout studio as staff: a copy of a starter layout opens in the
 * pipeline, a slot is dragged with the mouse and saved, an entrance is set
 * on the animation screen and reaches the Player, the layout goes through
 * review and approval to live, and the progress board shows it live. A live
 * layout reaches users through a template: staff add it to one and publish,
 * and a user's video options (the editor's template/layout picker) offer it.
 */
import { randomUUID } from "node:crypto";
import { accountFor, idTokenFor } from "../support/accounts";
import { test, expect } from "./fixtures";

test("staff arrange, animate and publish a layout", async ({ page, signedInAs }) => {
  await signedInAs("staff", "/layouts");
  await expect(
    page.getByRole("list", { name: "Layouts" }).getByRole("link", { name: "Split: picture and text", exact: true }),
  ).toBeVisible();

  const name = `E2E split ${randomUUID().slice(0, 8)}`;
  const made = await page.request.post("/api/v1/studio/layouts", { data: { name, copy_from: "starter-split" } });
  expect(made.status()).toBe(201);
  const id = (await made.json()).data.id as string;
  const before = (await made.json()).data.boxes["9:16"].headline;

  await page.goto(`/layouts-pipeline/${id}`);
  const headline = page.getByRole("button", { name: "Headline (text)" });
  await expect(headline).toBeVisible();
  const box = (await headline.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 8, { steps: 4 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as revision 1.")).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/studio/layouts/${id}`)).json()).data;
  expect(saved.boxes["9:16"].headline.y).toBeGreaterThan(before.y);

  await page.getByRole("link", { name: "Animation" }).click();
  await page.getByLabel("Headline enter animation").selectOption("pop");
  await expect(page.getByTestId("animation-player")).toHaveAttribute("data-animations", /headline:pop\//);
  await expect(page.getByRole("group", { name: `Animation preview of ${name} at 9:16` })).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as revision 2.")).toBeVisible();

  for (const action of ["Send for review", "Approve", "Make live"]) {
    await page.getByRole("button", { name: action }).click();
  }
  await expect(page.getByRole("button", { name: "Retire" })).toBeVisible();

  await page.goto("/layouts/progress");
  await expect(page.locator('[data-stage="live"]').getByRole("link", { name })).toBeVisible();

  // starter-playful: no other studio spec edits it.
  const tpl = "starter-playful";
  const detail = (await (await page.request.get(`/api/v1/studio/templates/${tpl}`)).json()).data;
  const offered = detail.current.layouts.map((l: { id: string }) => l.id);
  const edited = await page.request.patch(`/api/v1/studio/templates/${tpl}/draft`, {
    data: { revision: detail.template.revision, layout_ids: [...offered, id] },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const published = await page.request.post(`/api/v1/studio/templates/${tpl}/publish`, {
    data: { revision: (await edited.json()).data.template.revision },
  });
  expect(published.status(), await published.text()).toBe(200);
  const token = await idTokenFor(accountFor("user"));
  const options = (
    await (await page.request.get("/api/v1/videos/options", { headers: { authorization: `Bearer ${token}` } })).json()
  ).data;
  const picker = options.templates.find((t: { id: string }) => t.id === tpl);
  expect(picker.layouts.map((l: { id: string }) => l.id)).toContain(id);
});

/**
 * The asset library in Chromium: two files dropped at once (a picture, and a
 * "font" that is not one, refused with its reason), the picture's page
 * (preview, rename), then the picture used in a video scene from the
 * storyboard editor.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { test, expect } from "./fixtures";

test("drop two files → one refused with its reason → open, rename → use it in a video scene", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();
  await signedInAs("user", "/assets");
  await expect(page.getByRole("heading", { level: 1, name: /Assets/ })).toBeVisible();

  const files = [
    { name: `harbour-${tag}.png`, b64: picture.toString("base64"), type: "image/png" },
    {
      name: `brand-${tag}.ttf`,
      b64: Buffer.from("this is a text file, not a font").toString("base64"),
      type: "font/ttf",
    },
  ];
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list)
      dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, files);
  await page.getByTestId("asset-dropzone").dispatchEvent("drop", { dataTransfer: transfer });

  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("listitem").filter({ hasText: `harbour-${tag}.png` })).toContainText("Uploaded");
  await expect(uploads.getByRole("alert")).toContainText(`"brand-${tag}.ttf" is not a font`);

  // The picture's page: preview and rename.
  await page
    .getByRole("list", { name: "Assets" })
    .getByRole("link", { name: new RegExp(`harbour-${tag}`) })
    .click();
  await page.waitForURL(/\/assets\/[A-Za-z0-9_-]+$/);
  const assetId = page.url().split("/").pop()!;
  await expect(page.getByRole("img", { name: `harbour-${tag}.png` })).toBeVisible();
  const newName = `Harbour at dawn ${tag}`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Renamed." })).toBeVisible();
  await expect(page.getByText("Not used anywhere yet.")).toBeVisible();

  // A video (made through the API), then the picture set on a scene from the storyboard.
  const made = await page.request.post("/api/v1/videos", {
    data: {
      brief: `A harbour at dawn, boats and bread. ${tag}`,
      aspect_ratio: "16:9",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    },
  });
  expect(made.status()).toBe(201);
  const videoId = ((await made.json()) as { data: { id: string } }).data.id;
  await page.goto(`/content/${videoId}/edit`);
  const heads = page.locator("[data-scene-head]");
  await expect(heads.first()).toBeVisible({ timeout: 30_000 });
  // The scenes' layouts (which of them have a picture slot) are known once the preview is drawn.
  await expect(page.getByRole("group", { name: "Preview of the storyboard" })).toBeVisible({ timeout: 30_000 });
  const panel = page.getByRole("group", { name: "Picture" });
  let scene = 0;
  for (let i = 0; i < (await heads.count()); i++) {
    if ((await heads.nth(i).getAttribute("aria-current")) !== "true") await heads.nth(i).click();
    // An end card's logo slot is not a scene picture (the server refuses one there).
    const layout = await page
      .getByLabel("Layout")
      .first()
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? "");
    if ((await panel.isVisible()) && layout !== "End card") {
      scene = i + 1;
      break;
    }
  }
  expect(scene, "a scene with a picture slot").toBeGreaterThan(0);
  await panel.getByText("Assets", { exact: true }).click();
  await panel
    .getByRole("button")
    .filter({ has: page.getByRole("img", { name: `Use: ${newName}` }) })
    .click();
  await expect(panel.getByText("Picture changed.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: `Scene ${scene} picture` })).toHaveAttribute(
    "src",
    new RegExp(`/assets/[^/]+/${assetId}/original\\.png`),
  );

  // The asset's page now lists the video where it is used.
  await page.goto(`/assets/${assetId}`);
  const where = page.getByRole("region", { name: "Where it is used" });
  await expect(where.locator(`a[href="/videos/${videoId}"]`)).toContainText(/\S/);
  await expect(where.getByText(new RegExp(`scene ${scene}\\b`))).toBeVisible();
});

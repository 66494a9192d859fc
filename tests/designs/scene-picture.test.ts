/**
 * A page's or scene's picture from my assets (lib/creation/video/media.ts
 * scenesWithPicture, shared by designs and videos): an image asset fills the
 * layout's picture slot under a new revision; someone else's asset, an
 * unknown page and a layout without a picture are refused and change nothing.
 */
import { png } from "@/tests/support/media";
import { expectApiError } from "@/tests/support/expect-api-error";
import { uploadAsset } from "@/lib/media/assets/assets";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { createDesign } from "@/lib/creation/designs/service/create-design";
import { getDesign } from "@/lib/creation/designs/service/get-design";
import { setDesignImage } from "@/lib/creation/designs/service/set-design-image";
import type { DesignDeps } from "@/lib/creation/designs/service/shared";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";

let env: TestEnv;
let deps: DesignDeps;
const UID = "picture-user";
const OTHER = "picture-other";

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, UID, 10);
  await addUser(env.db, OTHER, 10);
});
afterAll(() => env?.close());

it("puts one of my image assets in the page's picture slot, and refuses what it cannot use", async () => {
  const design = await createDesign(deps, UID, {
    template_id: "starter-bold",
    layout_id: "starter-full-bleed",
    aspect_ratio: "1:1",
  });
  const page = design.composition.scenes[0]!;
  const mine = await uploadAsset({
    db: env.db,
    store: env.store,
    uid: UID,
    name: "shelf.png",
    bytes: new Uint8Array(await png()),
  });
  const theirs = await uploadAsset({
    db: env.db,
    store: env.store,
    uid: OTHER,
    name: "theirs.png",
    bytes: new Uint8Array(await png()),
  });

  await expectApiError(
    setDesignImage(deps, UID, design.id, page.id, { source: "asset", id: theirs.id, revision: design.revision }),
    404,
    /no such asset/,
  );
  await expectApiError(
    setDesignImage(deps, UID, design.id, "no-such-page", { source: "asset", id: mine.id, revision: design.revision }),
    404,
    /This design has no such page/,
  );
  expect((await getDesign(deps, UID, design.id)).revision).toBe(design.revision);

  const set = await setDesignImage(deps, UID, design.id, page.id, {
    source: "asset",
    id: mine.id,
    revision: design.revision,
  });
  expect(set.revision).toBe(design.revision + 1);
  expect(Object.values(set.composition.scenes[0]!.values)).toContainEqual(
    expect.objectContaining({ type: "media", source: "asset", asset_id: mine.id }),
  );

  const statement = await createDesign(deps, UID, {
    template_id: "starter-bold",
    layout_id: "starter-statement",
    aspect_ratio: "1:1",
  });
  await expectApiError(
    setDesignImage(deps, UID, statement.id, statement.composition.scenes[0]!.id, {
      source: "asset",
      id: mine.id,
      revision: statement.revision,
    }),
    422,
    /page's layout has no picture/,
  );
});

/** What the render progress says about the video's parts (kept from the last render, rendering now). */
import { renderToStaticMarkup } from "react-dom/server";
import type { RenderStatusView } from "@/lib/creation/video/contract";
import { partsText, RenderProgress } from "./render-progress";

const running = (over: Partial<RenderStatusView> = {}): RenderStatusView => ({
  job_id: "j1",
  state: "running",
  stage: "rendering",
  progress: 0.5,
  frames: { rendered: 40, total: 90 },
  error: null,
  revision: 2,
  credits: 3,
  refunded: false,
  ...over,
});

test("a full render counts its parts; an edit counts only the changed ones and says how many were kept", () => {
  expect(partsText({ total: 9, reused: 0, rendered: 2, rendering: [2] })).toBe("Rendering part 3 of 9");
  expect(partsText({ total: 9, reused: 6, rendered: 0, rendering: [4] })).toBe(
    "Rendering part 1 of 3 · 6 of 9 kept from the last render",
  );
  // Several at once (cloud rendering).
  expect(partsText({ total: 9, reused: 0, rendered: 4, rendering: [4, 5, 6] })).toBe("Rendering parts 5–7 of 9");
  expect(partsText({ total: 9, reused: 8, rendered: 1, rendering: [] })).toBe(
    "1 part rendered · 8 of 9 kept from the last render",
  );
  expect(partsText({ total: 9, reused: 9, rendered: 0, rendering: [] })).toBe("All 9 parts kept from the last render");
});

test("the status line and the stage list show the parts while frames render; frames alone without them", () => {
  const html = renderToStaticMarkup(
    <RenderProgress render={running({ segments: { total: 9, reused: 8, rendered: 0, rendering: [3] } })} />,
  );
  expect(html).toContain("Rendering part 1 of 1 · 8 of 9 kept from the last render · 50% overall");
  expect(html).toContain("1 of 9 parts changed");
  const old = renderToStaticMarkup(<RenderProgress render={running()} />);
  expect(old).toContain("Rendering frames: 44% (40 of 90 frames) · 50% overall");
  expect(old).not.toContain("part");
});

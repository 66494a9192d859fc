/** The editors' "Generate" button says what a picture costs: credits for a paid provider, free with the Local preview. */
import { renderToStaticMarkup } from "react-dom/server";
import { generateLabel, SceneImagePanel } from "./scene-image-panel";

const panel = (price: { model: string; credits: number } | null) =>
  renderToStaticMarkup(
    <SceneImagePanel
      sceneNumber={1}
      current={null}
      prompt="a red mug"
      disabled={false}
      price={price}
      onPick={async () => undefined}
    />,
  );

test("the label names the price", () => {
  expect(generateLabel({ model: "GPT Image 1", credits: 6 })).toBe("Generate · 6 credits");
  expect(generateLabel({ model: "Imagen", credits: 1 })).toBe("Generate · 1 credit");
  expect(generateLabel({ model: "Local preview", credits: 0 })).toBe("Generate · free");
  expect(generateLabel(null)).toBe("Generate picture");
});

test("the button shows it, described by the model and the refund promise", () => {
  const paid = panel({ model: "GPT Image 1", credits: 6 });
  expect(paid).toMatch(/<button[^>]*aria-describedby="[^"]+-price"[^>]*>.*Generate · 6 credits<\/button>/);
  expect(paid).toContain("GPT Image 1 · refunded if it fails");
  const free = panel({ model: "Local preview", credits: 0 });
  expect(free).toContain("Generate · free");
  expect(free).toContain("Local preview · free");
  expect(panel(null)).toContain("Generate picture");
});

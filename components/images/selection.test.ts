import { downloadSequentially, keepVisible, toggleId } from "./selection";
import { prefillKey } from "./job-url";

it("toggles ids without mutating the old set", () => {
  const a = new Set(["x"]);
  const b = toggleId(a, "y");
  expect([...b]).toEqual(["x", "y"]);
  expect([...toggleId(b, "x")]).toEqual(["y"]);
  expect([...a]).toEqual(["x"]);
});

it("forgets selected ids that are no longer shown", () => {
  expect([...keepVisible(new Set(["a", "b"]), ["b", "c"])]).toEqual(["b"]);
});

it("downloads one at a time, waiting between files", async () => {
  const events: string[] = [];
  await downloadSequentially({
    urls: ["1", "2", "3"],
    trigger: (u) => events.push(`get ${u}`),
    wait: async (ms) => void events.push(`wait ${ms}`),
    gapMs: 5,
  });
  expect(events).toEqual(["get 1", "wait 5", "get 2", "wait 5", "get 3"]);
});

it("ignores the job id and param order when deciding whether the prefill changed", () => {
  expect(prefillKey(new URLSearchParams("job=j1&prompt=a&vibe=v"))).toBe(
    prefillKey(new URLSearchParams("vibe=v&prompt=a")),
  );
  expect(prefillKey(new URLSearchParams("prompt=a"))).not.toBe(prefillKey(new URLSearchParams("prompt=b")));
});

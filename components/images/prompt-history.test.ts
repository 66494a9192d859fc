import { PROMPT_HISTORY_KEY, loadHistory, parseHistory, pushPrompt, saveHistory } from "./prompt-history";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe("pushPrompt", () => {
  it("puts the newest first and moves a repeated prompt to the top", () => {
    expect(pushPrompt(["b", "a"], "a")).toEqual(["a", "b"]);
    expect(pushPrompt(["b"], "  c  ")).toEqual(["c", "b"]);
  });
  it("keeps at most 20", () => {
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const next = pushPrompt(many, "new");
    expect(next).toHaveLength(20);
    expect(next[0]).toBe("new");
    expect(next).not.toContain("p19");
  });
  it("ignores blank prompts", () => expect(pushPrompt(["a"], "   ")).toEqual(["a"]));
});

describe("storage", () => {
  it("survives junk, wrong shapes and throwing storage", () => {
    expect(parseHistory("{not json")).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('["ok", 3, "", "fine"]')).toEqual(["ok", "fine"]);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    };
    expect(loadHistory(broken)).toEqual([]);
    expect(() => saveHistory(broken, ["a"])).not.toThrow();
  });
  it("round-trips and removes the key when cleared", () => {
    const s = memoryStorage();
    saveHistory(s, ["x", "y"]);
    expect(loadHistory(s)).toEqual(["x", "y"]);
    saveHistory(s, []);
    expect(s.data.has(PROMPT_HISTORY_KEY)).toBe(false);
  });
});

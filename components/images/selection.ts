/** Multi-select state for the gallery, as pure set operations. */
export function toggleId(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Keeps only ids still on screen (after a filter change or a delete). */
export function keepVisible(selected: ReadonlySet<string>, visibleIds: readonly string[]): Set<string> {
  const visible = new Set(visibleIds);
  return new Set([...selected].filter((id) => visible.has(id)));
}

/** Sequential downloads, spaced so the browser treats each as its own file. */
export async function downloadSequentially(input: {
  urls: readonly string[];
  trigger: (url: string) => void;
  gapMs?: number;
  wait?: (ms: number) => Promise<void>;
}): Promise<void> {
  const wait = input.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let i = 0; i < input.urls.length; i++) {
    if (i > 0) await wait(input.gapMs ?? 400);
    input.trigger(input.urls[i]!);
  }
}

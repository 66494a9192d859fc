import { Fragment, type ReactNode } from "react";

/**
 * A text block's small markdown subset as React elements (never HTML
 * strings, so nothing a user types can inject markup): paragraphs split by
 * blank lines, "- " lists, **bold**, *italic* and [links](https://…) with
 * http(s) targets only. Server-safe: the public page renders it without JS.
 */
const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{m[1]}</strong>);
    else if (m[2] !== undefined) out.push(<em key={k}>{m[2]}</em>);
    else
      out.push(
        <a key={k} href={m[4]} rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-2">
          {m[3]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((p, n) => {
        const lines = p.split("\n");
        if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
          return (
            <ul key={n} className="list-disc space-y-1 pl-6">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*]\s+/, ""), `${n}-${j}`)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={n}>
            {lines.map((l, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {inline(l, `${n}-${j}`)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}

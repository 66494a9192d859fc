import { renderToStaticMarkup } from "react-dom/server";
import { Markdown, parseBlocks } from "./markdown";

it("parses code fences, headings, lists, quotes and paragraphs", () => {
  const blocks = parseBlocks("# Title\n\nSome *text*\n\n- a\n- b\n\n```ts\nconst x = 1;\n```\n> quoted");
  expect(blocks.map((b) => b.kind)).toEqual(["heading", "para", "list", "code", "quote"]);
  expect(blocks[3]).toEqual({ kind: "code", lang: "ts", text: "const x = 1;" });
});

it("renders inline markup as elements and never passes HTML or unsafe links through", () => {
  const html = renderToStaticMarkup(<Markdown text={'**bold** `code` [ok](/image-gen/x) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>'} />);
  expect(html).toContain("<strong>bold</strong>");
  expect(html).toContain("<code");
  expect(html).toContain('href="/image-gen/x"');
  expect(html).not.toContain("javascript:");
  expect(html).toContain("&lt;img");
});

/**
 * Lints code snippets with the project's ESLint config through ESLint's Node
 * API, as if each were the file it names: JSON [{ code, filePath }] on stdin,
 * JSON [[{ ruleId, line, message }]] on stdout. A separate process because
 * ESLint loads eslint.config.mjs with import(), which Jest's module sandbox
 * cannot run (tests/lint/regex-lint.test.ts).
 */
import { ESLint } from "eslint";

let raw = "";
for await (const chunk of process.stdin) raw += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { code, filePath } of JSON.parse(raw)) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message })));
}
process.stdout.write(JSON.stringify(out));

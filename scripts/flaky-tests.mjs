// Lists the Playwright tests of the last run (its JSON report) that passed only on a retry,
// so a new flake is seen even when the run is green. Usage: node scripts/flaky-tests.mjs [report.json]
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? "test-results/results.json";
if (!existsSync(file)) process.exit(0);
const report = JSON.parse(readFileSync(file, "utf8"));

const flaky = [];
function walk(suite) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== "flaky") continue;
      const failures = (t.results ?? []).filter((r) => r.status !== "passed" && r.status !== "skipped");
      const first = failures[0]?.error?.message?.split("\n").find((l) => l.trim()) ?? "";
      flaky.push(
        `  [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title} (passed on retry ${(t.results ?? []).length - 1})${first ? `\n      first failure: ${first.replace(/\u001b\[[0-9;]*m/g, "").slice(0, 200)}` : ""}`,
      );
    }
  }
  for (const child of suite.suites ?? []) walk(child);
}
for (const suite of report.suites ?? []) walk(suite);

if (flaky.length) {
  console.log(`\n${flaky.length} test(s) passed only on a retry (flaky: fix them at their cause):`);
  console.log(flaky.join("\n"));
} else {
  console.log("No test needed a retry.");
}

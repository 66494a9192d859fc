/**
 * A throwaway redis-server for tests: started on a free port with no
 * persistence, stopped at the end. `null` (with the reason) when no
 * redis-server binary is installed, so the caller can say why it skips.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port";

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export function redisServerBinary(): string | null {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export async function startRedis(): Promise<TestRedis> {
  const bin = redisServerBinary();
  if (!bin) throw new Error("redis-server is not installed");
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${out}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

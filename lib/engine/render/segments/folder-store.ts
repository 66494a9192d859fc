/**
 * A SegmentStore on a local folder (`<dir>/<key>.mp4`), for tests and the
 * bench; the product keeps segments in blob storage. A save is written
 * beside its place and renamed into it, so a reader never sees half a file.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { SegmentStore } from "./types";

const KEY = /^[0-9a-f]{64}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a segment key: ${JSON.stringify(key)}`);
  return key;
}

export class FolderSegmentStore implements SegmentStore {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, `${checkKey(key)}.mp4`);
  }

  async fetch(key: string, toPath: string): Promise<boolean> {
    try {
      await fs.copyFile(this.file(key), toPath);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  async save(key: string, fromPath: string): Promise<void> {
    const to = this.file(key);
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = `${to}.${process.pid}.${Date.now()}.tmp`;
    await fs.copyFile(fromPath, tmp);
    await fs.rename(tmp, to);
  }

  /** The keys kept, sorted. */
  async keys(): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith(".mp4") && KEY.test(n.slice(0, -4)))
      .map((n) => n.slice(0, -4))
      .sort();
  }
}

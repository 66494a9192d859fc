/**
 * Short random ids for scenes: "s" then 12 URL-safe characters. The letter
 * first matters: ids become parts of blob keys, and a key segment may not
 * start with "-" or ".". Browser-safe.
 */
export function randomId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return "s" + btoa(s).replace(/\+/g, "-").replace(/\//g, "_");
}

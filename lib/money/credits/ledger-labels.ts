/**
 * The ledger's notes in a customer's words. Work records its debits and refunds as "<job type>: <detail>"
 * ("video.render: 30 s, Local preview", "design.render failed: …"); this is the one place that turns those codes into
 * words ("Video render · 30 s, Local preview"), for the usage history on screen and in its CSV. Browser-safe.
 */

/** Each kind of work a credit pays for, by the code its note starts with. */
export const WORK_LABELS: Readonly<Record<string, string>> = {
  "video.render": "Video render",
  "design.render": "Design export",
  "image.generate": "Image generation",
  "image.edit": "Image edit",
  "bulk batch": "Videos in bulk",
  "bulk retry": "Videos in bulk, retried",
  "scene picture": "Scene picture",
  "page picture": "Design picture",
};

const OPENING = "opening balance";
const STAFF_GRANT = "staff grant by ";

/** The note as a customer reads it: no job-type codes, no staff uids; a note without a code is kept as it is. */
export function describeLedgerNote(note: string | null): string | null {
  if (note === null) return null;
  if (note.startsWith(OPENING)) return "Opening balance: the credits you had before your first use";
  if (note.startsWith(STAFF_GRANT)) {
    // "staff grant by a@b (uid X): why" → the why, without who's uid.
    const cut = note.indexOf("): ");
    return cut >= 0 ? `Credits from the Promptframe team: ${note.slice(cut + 3)}` : "Credits from the Promptframe team";
  }
  const colon = note.indexOf(":");
  const head = colon >= 0 ? note.slice(0, colon) : note;
  const rest = colon >= 0 ? note.slice(colon + 1).trim() : "";
  const failed = head.endsWith(" failed");
  const code = failed ? head.slice(0, -" failed".length) : head;
  const notMade = code.endsWith(" not made");
  const base = notMade ? code.slice(0, -" not made".length) : code;
  const label = WORK_LABELS[base];
  if (!label) return note;
  const what = failed || notMade ? `${label} not made` : label;
  return rest ? `${what} · ${rest}` : what;
}

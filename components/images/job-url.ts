/**
 * The running job's id lives in the URL (`?job=`) so a reload, or a shared
 * tab, picks it up again. replaceState keeps it out of the back-button
 * history; Next's useSearchParams follows it — but only for calls that pass
 * their own state: Next skips syncing calls carrying its internal state object.
 */
export function setJobParam(jobId: string | null): void {
  const url = new URL(window.location.href);
  if (jobId) url.searchParams.set("job", jobId);
  else url.searchParams.delete("job");
  window.history.replaceState(null, "", url);
}

/** The query string minus the job id: what the form was prefilled from. */
export function prefillKey(params: URLSearchParams | { toString(): string }): string {
  const copy = new URLSearchParams(params.toString());
  copy.delete("job");
  copy.sort();
  return copy.toString();
}

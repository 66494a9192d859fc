/**
 * "Work of mine started or stopped": the calls that queue or cancel a render, an export or a batch announce it once
 * they are accepted, and the header's notifications hook re-reads at once (so the credit count and the bell follow
 * without waiting for their next poll). A DOM event, so the calls need no React context.
 */
export const WORK_CHANGED_EVENT = "promptframe:work-changed";

export function announceWork<T>(accepted: Promise<T>): Promise<T> {
  return accepted.then((value) => {
    if (typeof window !== "undefined") window.dispatchEvent(new Event(WORK_CHANGED_EVENT));
    return value;
  });
}

/**
 * When a scheduled pipeline runs next (UTC). Browser-safe: the form shows the
 * same time the scheduler tick will use.
 */
import { WEEKDAYS, type Schedule } from "./contract";

/** The first instant strictly after `now` that `schedule` names; null for on demand. */
export function nextRunAt(schedule: Schedule, now: Date): Date | null {
  if (schedule.kind === "on_demand") return null;
  const [h, m] = schedule.time.split(":").map(Number) as [number, number];
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (schedule.kind === "daily") {
    if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  }
  const want = WEEKDAYS.indexOf(schedule.weekday);
  let days = (want - at.getUTCDay() + 7) % 7;
  if (days === 0 && at <= now) days = 7;
  at.setUTCDate(at.getUTCDate() + days);
  return at;
}

export function scheduleText(s: Schedule): string {
  if (s.kind === "on_demand") return "On demand";
  if (s.kind === "daily") return `Daily at ${s.time} UTC`;
  return `Weekly on ${s.weekday[0]!.toUpperCase()}${s.weekday.slice(1)} at ${s.time} UTC`;
}

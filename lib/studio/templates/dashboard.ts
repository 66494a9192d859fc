import "server-only";
/**
 * /templates-dashboard: per template, the content made with it and its
 * render jobs (video.render, design.render, and the studio's own test
 * renders), their failures with the reasons the workers recorded on the job
 * (`jobs.error`), the median render time (job created → finished, so it
 * includes waiting in the queue; test renders record their own render time)
 * and when it was last used, plus a daily series for the charts.
 */
import { compositions, templates } from "@/lib/engine/composition/collections";
import { jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { readCounter } from "@/lib/platform/db/counters";
import { templateDayCounter, templateUseCounter } from "@/lib/engine/composition/counters";
import { TEST_RENDER_JOB } from "./remotion-test";

export const RENDER_JOB_TYPES = ["video.render", "design.render"] as const;
export const DASHBOARD_DAYS = 30;

export interface DashboardRow {
  id: string;
  name: string;
  stage: string;
  current_version: number;
  content: number;
  renders: number;
  failures: number;
  /** Failure reasons, most frequent first. */
  reasons: { reason: string; count: number }[];
  median_render_ms: number | null;
  test_renders: number;
  last_used: string | null;
}

export interface DashboardDay {
  day: string;
  /** Template id -> counts that day. */
  content: Record<string, number>;
  renders: Record<string, number>;
  failures: Record<string, number>;
}

export interface DashboardView {
  rows: DashboardRow[];
  days: DashboardDay[];
  generated_at: string;
}

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
}

export async function templateDashboard(deps: {
  db: Db;
  now?: () => Date;
  ready?: () => Promise<void>;
}): Promise<DashboardView> {
  await deps.ready?.();
  const now = (deps.now ?? (() => new Date()))();
  // Content per template and per day are the store's counters (lib/engine/composition/counters.ts); a render job
  // names its content, so only the compositions that render jobs name are read, to find their template.
  const firstDay = new Date(now.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const dayAfter = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const [tRows, uses, perDay, jRows] = await Promise.all([
    deps.db.collection(templates).get(),
    readCounter(deps.db, templateUseCounter),
    readCounter(deps.db, templateDayCounter, { from: firstDay, to: dayAfter }),
    deps.db
      .collection(jobs)
      .where("type", "in", [...RENDER_JOB_TYPES, TEST_RENDER_JOB])
      .get(),
  ]);
  const contentIds = [
    ...new Set(jRows.map((j) => (j.data.type === TEST_RENDER_JOB ? null : j.data.content_id)).filter((id) => !!id)),
  ] as string[];
  const [cRows, lastUsed] = await Promise.all([
    Promise.all(contentIds.map((id) => deps.db.collection(compositions).doc(id).get())),
    Promise.all(
      tRows.map(async (t) => {
        const [newest] = await deps.db
          .collection(compositions)
          .where("template.id" as "title", "==", t.id)
          .orderBy("created_at", "desc")
          .limit(1)
          .get();
        return [t.id, newest?.data.created_at ?? null] as const;
      }),
    ),
  ]);
  const templateOfContent = new Map(cRows.filter((c) => c !== null).map((c) => [c.id, c.data.template.id]));
  const lastUsedOf = new Map(lastUsed);
  const days = new Map<string, DashboardDay>();
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    const day = new Date(now.getTime() - (DASHBOARD_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    days.set(day, { day, content: {}, renders: {}, failures: {} });
  }
  const bump = (day: string, key: "content" | "renders" | "failures", id: string) => {
    if (day < firstDay) return;
    const d = days.get(day);
    if (d) d[key][id] = (d[key][id] ?? 0) + 1;
  };
  const rows = new Map<string, DashboardRow & { times: number[]; reasonCounts: Map<string, number> }>();
  for (const t of tRows) {
    rows.set(t.id, {
      id: t.id,
      name: t.data.name,
      stage: t.data.stage,
      current_version: t.data.current_version,
      content: 0,
      renders: 0,
      failures: 0,
      reasons: [],
      median_render_ms: null,
      test_renders: 0,
      last_used: null,
      times: [],
      reasonCounts: new Map(),
    });
  }
  for (const [key, values] of uses.totals) {
    const r = rows.get(key.slice(0, key.lastIndexOf("|")));
    if (r) r.content += values.n ?? 0;
  }
  for (const r of rows.values()) r.last_used = lastUsedOf.get(r.id) ?? null;
  for (const [key, values] of perDay.totals) {
    const [day, templateId] = [key.slice(0, 10), key.slice(11)];
    if (rows.has(templateId) && (values.n ?? 0) !== 0) {
      const d = days.get(day);
      if (d && day >= firstDay) d.content[templateId] = (d.content[templateId] ?? 0) + values.n!;
    }
  }
  for (const j of jRows) {
    const isTest = j.data.type === TEST_RENDER_JOB;
    const templateId = isTest
      ? String((j.data.input as { template_id?: unknown }).template_id ?? "")
      : j.data.content_id
        ? templateOfContent.get(j.data.content_id)
        : undefined;
    const r = templateId ? rows.get(templateId) : undefined;
    if (!r) continue;
    if (isTest) r.test_renders++;
    else r.renders++;
    bump(j.data.created_at.slice(0, 10), "renders", r.id);
    if (j.data.state === "failed") {
      r.failures++;
      const reason = (j.data.error ?? "No reason recorded").slice(0, 200);
      r.reasonCounts.set(reason, (r.reasonCounts.get(reason) ?? 0) + 1);
      bump(j.data.updated_at.slice(0, 10), "failures", r.id);
    } else if (j.data.state === "succeeded") {
      const own = isTest ? (j.data.input as { render_ms?: unknown }).render_ms : undefined;
      const ms = typeof own === "number" ? own : Date.parse(j.data.updated_at) - Date.parse(j.data.created_at);
      if (Number.isFinite(ms) && ms >= 0) r.times.push(ms);
    }
  }
  return {
    rows: [...rows.values()]
      .map(({ times, reasonCounts, ...r }) => ({
        ...r,
        median_render_ms: median(times),
        reasons: [...reasonCounts.entries()]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    days: [...days.values()],
    generated_at: now.toISOString(),
  };
}

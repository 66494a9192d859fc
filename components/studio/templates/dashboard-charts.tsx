"use client";
/**
 * The dashboard's charts (recharts, loaded with the screen): content made and
 * renders per day over the last 30 days, and failures per template. Each
 * chart has a text summary for screen readers; the sortable table beside
 * them holds every number. The drawings are hidden from assistive tech, so
 * recharts' keyboard layer (a focusable surface) is off too.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import type { DashboardView } from "@/lib/studio/templates/dashboard";

const COLORS = ["#2563eb", "#db2777", "#16a34a", "#ea580c", "#7c3aed", "#0891b2", "#ca8a04", "#dc2626"];

export function DashboardCharts({ data, metric }: { data: DashboardView; metric: "content" | "renders" }) {
  const templates = data.rows.map((r) => ({ id: r.id, name: r.name }));
  const series = data.days.map((d) => ({
    day: d.day.slice(5),
    ...Object.fromEntries(templates.map((t) => [t.id, d[metric][t.id] ?? 0])),
  }));
  const total = data.days.reduce((a, d) => a + Object.values(d[metric]).reduce((x, y) => x + y, 0), 0);
  const failures = data.rows.map((r) => ({
    name: r.name,
    renders: r.renders + r.test_renders - r.failures,
    failures: r.failures,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="space-y-2">
        <figcaption className="text-sm font-medium">
          {metric === "content" ? "Content made" : "Renders"} per day, last {data.days.length} days ({total} in all)
        </figcaption>
        <div className="h-64" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={series} margin={{ left: -20, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
              <XAxis dataKey="day" fontSize={11} interval={4} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {templates.map((t, i) => (
                <Line
                  key={t.id}
                  type="monotone"
                  dataKey={t.id}
                  name={t.name}
                  stroke={COLORS[i % COLORS.length]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="space-y-2">
        <figcaption className="text-sm font-medium">Renders that finished and failed, per template</figcaption>
        <div className="h-64" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={failures} margin={{ left: -20, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
              <XAxis dataKey="name" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="renders" name="Finished or running" stackId="a" fill="#2563eb" isAnimationActive={false} />
              <Bar dataKey="failures" name="Failed" stackId="a" fill="#dc2626" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <p className="sr-only">
          {failures.map((f) => `${f.name}: ${f.renders} renders, ${f.failures} failed`).join("; ")}
        </p>
      </figure>
    </div>
  );
}

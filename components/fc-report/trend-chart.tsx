/**
 * Calls per day as stacked bars (valid / invalid), drawn as accessible SVG:
 * no charting library is installed. The numbers are also in a visually
 * hidden table for screen readers.
 */
import type { TrendDay } from "@/lib/operations/fc-report/contract";

export function TrendChart({ days }: { days: TrendDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.calls));
  const w = 640;
  const h = 160;
  const pad = 24;
  const bw = (w - pad * 2) / Math.max(days.length, 1);
  const y = (n: number) => h - pad - ((h - pad * 2) * n) / max;
  const label = days.length
    ? `Calls per day from ${days[0]!.day} to ${days[days.length - 1]!.day}; most in a day: ${max}.`
    : "No days in range.";
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} className="h-40 w-full">
        <line x1={pad} x2={w - pad} y1={h - pad} y2={h - pad} className="stroke-border" />
        <text x={pad} y={pad - 8} className="fill-muted-foreground text-[10px]">
          {max}
        </text>
        {days.map((d, i) => {
          const x = pad + i * bw + bw * 0.15;
          const invalid = d.calls - d.valid;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${d.calls} calls, ${d.valid} valid`}</title>
              <rect
                x={x}
                width={bw * 0.7}
                y={y(d.valid)}
                height={h - pad - y(d.valid)}
                className="fill-emerald-600/80"
              />
              <rect
                x={x}
                width={bw * 0.7}
                y={y(d.calls)}
                height={y(d.valid) - y(d.calls)}
                className="fill-destructive/80"
                data-invalid={invalid}
              />
              {days.length <= 14 || i % Math.ceil(days.length / 10) === 0 ? (
                <text x={x + bw * 0.35} y={h - 8} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-emerald-600/80" aria-hidden /> valid
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-destructive/80" aria-hidden /> invalid
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Calls per day</caption>
        <thead>
          <tr>
            <th>Day</th>
            <th>Calls</th>
            <th>Valid</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.calls}</td>
              <td>{d.valid}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

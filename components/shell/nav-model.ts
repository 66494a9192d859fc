/**
 * The app shell's navigation as data, derived from the route map: which
 * entries appear, in which group, and which one is current. Pure, so it is
 * unit-tested without rendering.
 */
import { ROUTES, type Area, type RouteEntry } from "@/lib/access/routes/route-map";

export interface NavItem {
  href: string;
  title: string;
  area: Area;
}

export interface NavGroup {
  area: Area;
  label: string;
  /** Staff-only groups get a marker so staff know what customers don't see. */
  staffOnly: boolean;
  items: NavItem[];
}

/** Group order and readable labels. Areas not listed here never show in the nav. */
export const NAV_GROUPS: readonly { area: Area; label: string }[] = [
  { area: "create", label: "Create" },
  { area: "video", label: "Video" },
  { area: "image", label: "Image generation" },
  { area: "assets", label: "Library" },
  { area: "account", label: "Account" },
  { area: "internal", label: "Internal" },
];

function isNavigable(entry: RouteEntry): boolean {
  // A pattern with a [param] has no single URL to link to.
  return entry.nav === true && !entry.pattern.includes("[");
}

export function buildNavGroups({
  staff,
  routes = ROUTES,
}: {
  staff: boolean;
  routes?: readonly RouteEntry[];
}): NavGroup[] {
  return NAV_GROUPS.flatMap(({ area, label }) => {
    const entries = routes.filter((r) => r.area === area && isNavigable(r) && (staff || r.access !== "internal"));
    if (entries.length === 0) return [];
    return [
      {
        area,
        label,
        staffOnly: entries.every((r) => r.access === "internal"),
        items: entries.map((r) => ({ href: r.pattern, title: r.title, area: r.area })),
      },
    ];
  });
}

export interface ActiveNav {
  href: string;
  /** True when the pathname is the item itself, false when it is a page below it. */
  exact: boolean;
}

/**
 * The nav item to highlight: the exact match, else the longest item that is a
 * path-segment prefix (so /image-gen/abc highlights "Image generation" and
 * /layouts/progress highlights "Layout progress", not "Layouts").
 */
export function findActiveNav(pathname: string, hrefs: readonly string[]): ActiveNav | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let best: string | null = null;
  for (const href of hrefs) {
    const matches = href === path || (href !== "/" && path.startsWith(`${href}/`));
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best === null ? null : { href: best, exact: best === path };
}

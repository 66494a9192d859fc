/**
 * The route map of the product spec (section 2) as data.
 *
 * Middleware, navigation, page titles and the route tests all read this one
 * list, so a route added here is guarded, titled and tested at once.
 * Patterns use App Router syntax: `[param]` is one path segment.
 */

export type Access = "public" | "user" | "internal";

export type Area = "auth" | "create" | "video" | "image" | "assets" | "account" | "content" | "internal" | "public";

export interface RouteEntry {
  pattern: string;
  access: Access;
  title: string;
  area: Area;
  /** Shown in the app shell's navigation. */
  nav?: boolean;
  /** Kept for old links: the page permanently redirects (308) to this pattern, same ids and query. */
  redirect?: string;
}

export const ROUTES: readonly RouteEntry[] = [
  // Sign-in screens (public)
  { pattern: "/login", access: "public", title: "Sign in", area: "auth" },
  { pattern: "/email-login", access: "public", title: "Sign in with email", area: "auth" },

  // Public viewers
  { pattern: "/v0/videos/[id]", access: "public", title: "Video", area: "public" },
  { pattern: "/v1/videos/[id]", access: "public", title: "Video", area: "public" },
  { pattern: "/content/[contentId]", access: "public", title: "Shared content", area: "public" },
  { pattern: "/pages/[pageId]", access: "public", title: "Page", area: "public" },

  // Entry and creation
  { pattern: "/", access: "user", title: "Home", area: "create", nav: true },
  { pattern: "/create", access: "user", title: "Create", area: "create", nav: true },
  { pattern: "/product", access: "user", title: "Product", area: "create", nav: true },
  { pattern: "/main", access: "user", title: "Workspace", area: "create", nav: true },
  { pattern: "/url-to-video", access: "user", title: "URL to video", area: "video", nav: true },
  { pattern: "/prompt-to-video", access: "user", title: "Prompt to video", area: "video", nav: true },
  // The customer's words (as on /create), not the project's code name; the route stays.
  { pattern: "/megapot", access: "user", title: "Videos in bulk", area: "video", nav: true },

  // Content
  { pattern: "/content/[contentId]/edit", access: "user", title: "Edit content", area: "content" },
  { pattern: "/content/[contentId]/share", access: "user", title: "Share content", area: "content" },

  // Videos and assets
  { pattern: "/videos", access: "user", title: "Videos", area: "video", nav: true },
  { pattern: "/videos/[contentId]", access: "user", title: "Video", area: "video" },
  { pattern: "/assets", access: "user", title: "Assets", area: "assets", nav: true },
  { pattern: "/assets/[assetId]", access: "user", title: "Asset", area: "assets" },
  { pattern: "/subscription", access: "user", title: "Subscription", area: "account", nav: true },
  { pattern: "/developers", access: "user", title: "Developers", area: "account", nav: true },
  { pattern: "/developers/api", access: "user", title: "API reference", area: "account" },
  { pattern: "/developers/webhooks", access: "user", title: "Webhooks", area: "account" },

  // Image generation
  { pattern: "/image-gen", access: "user", title: "Image generation", area: "image", nav: true },
  { pattern: "/image-gen/edit", access: "user", title: "Edit an image", area: "image", nav: true },
  { pattern: "/image-gen/all", access: "user", title: "My images", area: "image", nav: true },
  { pattern: "/image-gen/vibe", access: "user", title: "Vibes", area: "image", nav: true },
  { pattern: "/image-gen/inspirations", access: "user", title: "Inspirations", area: "image", nav: true },
  { pattern: "/image-gen/assets", access: "user", title: "Reference images", area: "image", nav: true },
  { pattern: "/image-gen/trending", access: "user", title: "Trending", area: "image", nav: true },
  { pattern: "/image-gen/[id]", access: "user", title: "Image", area: "image" },
  {
    pattern: "/image-gen/v1",
    access: "user",
    title: "Image generation (classic)",
    area: "image",
    redirect: "/image-gen",
  },
  { pattern: "/image-gen/v1/create", access: "user", title: "Create (classic)", area: "image", redirect: "/image-gen" },
  {
    pattern: "/image-gen/v1/edit",
    access: "user",
    title: "Edit (classic)",
    area: "image",
    redirect: "/image-gen/edit",
  },
  {
    pattern: "/image-gen/v1/all",
    access: "user",
    title: "All images (classic)",
    area: "image",
    redirect: "/image-gen/all",
  },
  {
    pattern: "/image-gen/v1/[id]",
    access: "user",
    title: "Image (classic)",
    area: "image",
    redirect: "/image-gen/[id]",
  },

  // Internal (company-domain staff only)
  { pattern: "/remotion-test", access: "internal", title: "Remotion test", area: "internal", nav: true },
  { pattern: "/layouts-pipeline/[layoutId]", access: "internal", title: "Layout pipeline", area: "internal" },
  {
    pattern: "/layouts-pipeline/[layoutId]/animation",
    access: "internal",
    title: "Layout animation",
    area: "internal",
  },
  { pattern: "/templates-pipeline/[templateId]", access: "internal", title: "Template pipeline", area: "internal" },
  {
    pattern: "/templates-pipeline/[templateId]/style-config",
    access: "internal",
    title: "Template style config",
    area: "internal",
  },
  {
    pattern: "/templates-pipeline/[templateId]/animation",
    access: "internal",
    title: "Template animation",
    area: "internal",
  },
  { pattern: "/layouts", access: "internal", title: "Layouts", area: "internal", nav: true },
  { pattern: "/templates", access: "internal", title: "Templates", area: "internal", nav: true },
  { pattern: "/content-update-logs", access: "internal", title: "Content update logs", area: "internal", nav: true },
  {
    pattern: "/automated-prompts-testing",
    access: "internal",
    title: "Automated prompts testing",
    area: "internal",
    nav: true,
  },
  { pattern: "/automated-prompts-testing/[runId]", access: "internal", title: "Prompt test run", area: "internal" },
  { pattern: "/layouts/progress", access: "internal", title: "Layout progress", area: "internal", nav: true },
  { pattern: "/layout-tracker", access: "internal", title: "Layout tracker", area: "internal", nav: true },
  { pattern: "/prod/clients", access: "internal", title: "Clients", area: "internal", nav: true },
  { pattern: "/prod/clients/[clientId]", access: "internal", title: "Client", area: "internal" },
  { pattern: "/prod/pipelines", access: "internal", title: "Pipelines", area: "internal", nav: true },
  { pattern: "/prod/pipelines/[pipeId]", access: "internal", title: "Pipeline", area: "internal" },
  { pattern: "/templates-dashboard", access: "internal", title: "Templates dashboard", area: "internal", nav: true },
  { pattern: "/layout-gen", access: "internal", title: "Layout generator", area: "internal", nav: true },
  { pattern: "/generated-layouts", access: "internal", title: "Generated layouts", area: "internal", nav: true },
  { pattern: "/generated-layouts/[layoutId]", access: "internal", title: "Generated layout", area: "internal" },
  {
    pattern: "/function-calling-report",
    access: "internal",
    title: "Function calling report",
    area: "internal",
    nav: true,
  },
  { pattern: "/firestore-dashboard", access: "internal", title: "Firestore dashboard", area: "internal", nav: true },
  {
    pattern: "/firestore-dashboard/[collection]/[documentId]",
    access: "internal",
    title: "Document",
    area: "internal",
  },
  { pattern: "/llm-chat", access: "internal", title: "LLM chat", area: "internal", nav: true },
  { pattern: "/llm-chat/[chatId]", access: "internal", title: "Chat", area: "internal" },
];

/**
 * First path segments that belong to the internal area. Any path under one of
 * them is internal even when it is not in the map (e.g. `/prod`), so the
 * existence of internal screens never leaks to non-staff.
 */
export const INTERNAL_SEGMENTS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => r.access === "internal").map((r) => r.pattern.split("/")[1]!),
);

/** The rewrite target of the hard-to-guess public path (PUBLIC_PREVIEW_PATH). */
export const PREVIEW_ROUTE = "/public-preview";

export interface RouteMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

const compiled = ROUTES.map((entry) => ({
  entry,
  segments: entry.pattern === "/" ? [] : entry.pattern.slice(1).split("/"),
}));

/** Matches a pathname (no query) against the map; static segments win over params. */
export function matchRoute(pathname: string): RouteMatch | null {
  const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const parts = trimmed === "/" ? [] : trimmed.slice(1).split("/");
  let best: { match: RouteMatch; score: number } | null = null;
  for (const { entry, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if (seg.startsWith("[")) {
        if (!part) {
          ok = false;
          break;
        }
        params[seg.slice(1, -1)] = part;
      } else if (seg === part) {
        score += 1 << (segments.length - i);
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { entry, params }, score };
  }
  return best?.match ?? null;
}

/** Turns a pattern into a concrete path, for tests and links. */
export function fillPattern(pattern: string, value = "sample-id"): string {
  return pattern.replace(/\[[^\]]+\]/g, value);
}

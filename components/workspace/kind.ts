import { Clapperboard, FileText, Image as ImageIcon, Package, Palette, type LucideIcon } from "lucide-react";

import type { WorkspaceItem, WorkspaceKind, WorkspaceStatus } from "@/lib/creation/workspace/contract";

export const KIND_LABEL: Record<WorkspaceKind, { one: string; many: string; icon: LucideIcon }> = {
  video: { one: "Video", many: "Videos", icon: Clapperboard },
  design: { one: "Design", many: "Designs", icon: Palette },
  image: { one: "Image", many: "Images", icon: ImageIcon },
  page: { one: "Page", many: "Pages", icon: FileText },
  product: { one: "Product", many: "Products", icon: Package },
};

export const STATUS_LABEL: Record<WorkspaceStatus, string> = {
  draft: "Draft",
  running: "In progress",
  ready: "Ready",
  failed: "Failed",
};

/** A page's "ready" is "Published"; everything else reads the same across kinds. */
export function statusText(item: Pick<WorkspaceItem, "kind" | "status">): string {
  if (item.kind === "page") return item.status === "ready" ? "Published" : "Draft";
  return STATUS_LABEL[item.status];
}

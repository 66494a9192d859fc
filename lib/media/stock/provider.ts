/** The one interface every stock provider implements (Pexels, Pixabay; tests may add their own). */
import type { StockCandidate, StockProviderId } from "./contract";
import type { Orientation } from "./rank";

export interface ProviderSearch {
  query: string;
  kind: "photo" | "video";
  orientation: Orientation;
  /** The video's ratio: the file picked is the rendition nearest 1080p for it. */
  ratio: string;
  perPage: number;
  signal: AbortSignal;
}

export interface StockProvider {
  id: StockProviderId;
  search(q: ProviderSearch): Promise<StockCandidate[]>;
  /** One item by its id (a pick is looked up again: the browser never names the file to fetch). Null when gone. */
  get(a: { id: string; kind: "photo" | "video"; ratio: string; signal: AbortSignal }): Promise<StockCandidate | null>;
}

/**
 * Remotion entry point: scripts/bundle-remotion.ts bundles this file. Not
 * `index.ts`: a root folder `remotion/` with an index would shadow the
 * `remotion` package for tools that resolve bare imports against the
 * project root (Jest through next/jest's SWC paths).
 */
import { registerRoot } from "remotion";
import { RemotionRoot } from "./root";

registerRoot(RemotionRoot);

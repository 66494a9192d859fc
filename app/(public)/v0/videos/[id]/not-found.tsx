import { BARE_PLAYER_STYLE } from "./bare-style";

/**
 * Inside an iframe a visitor sees only this: a quiet message on the
 * player's black, no header, nothing to click away to.
 */
export default function BarePlayerNotFound() {
  return (
    <div data-bare-player="" className="fixed inset-0 z-50 flex items-center justify-center bg-black p-6 text-center">
      <style>{BARE_PLAYER_STYLE}</style>
      <div className="space-y-2 text-white">
        <h1 className="text-lg font-semibold">This video isn&apos;t available</h1>
        <p className="text-sm text-white/70">The link may be wrong, or the owner may have stopped sharing it.</p>
      </div>
    </div>
  );
}

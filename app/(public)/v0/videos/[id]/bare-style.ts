/**
 * The bare player and its not-found live inside the public layout (header,
 * padded main). While one of them is on the page these rules hide that
 * chrome, from sight and from screen readers, without a layout of their own.
 */
export const BARE_PLAYER_STYLE =
  "body:has([data-bare-player])>div>header{display:none}" +
  "body:has([data-bare-player]) #main-content{max-width:none;padding:0}" +
  "body:has([data-bare-player]){background:#000;overflow:hidden}";

/** The baseline uses Next's defaults (compression on), like the app. */
export default { poweredByHeader: false };

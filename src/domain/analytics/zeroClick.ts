// zeroClick is derived, not recorded: an impression is zero-click when its journey has
// no website_visit or conversion for that business within 30 minutes after it. An impression
// without a journey has nothing that could follow it, so it counts as zero-click.

/** How long after an impression a visit or conversion still counts as its click-through. */
export const FOLLOW_WINDOW_MS = 30 * 60 * 1000;

/**
 * Fixed test and bench ports move by PORTAL_PORT_OFFSET, so several checkouts on one machine
 * (git worktrees, say) can run their suites at the same time.
 */
export const PORT_OFFSET = Number(process.env.PORTAL_PORT_OFFSET ?? 0);

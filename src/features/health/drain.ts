/**
 * Whether the server has been told to stop. From then on /api/health answers 503, so a load balancer
 * or proxy takes this instance out of rotation while it still serves what reaches it. Kept per app
 * (keyed by its deps), so several servers in one process (tests) don't share it.
 */
const draining = new WeakSet<object>();

export function startDraining(deps: object): void {
  draining.add(deps);
}

export function isDraining(deps: object): boolean {
  return draining.has(deps);
}

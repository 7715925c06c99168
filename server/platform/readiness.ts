/**
 * Whether this process wants new traffic. Shutdown turns it off first, so a load balancer
 * checking /api/ready takes the process out before it stops listening (docs/deploy.md).
 */
export type Readiness = {
  readonly stopping: boolean;
  stop(): void;
};

export function createReadiness(): Readiness {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  };
}

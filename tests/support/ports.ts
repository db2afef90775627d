/**
 * A TCP port for a server a test starts as a process of its own: free now, and one the kernel never hands out by
 * itself (scripts/free-port.ts says why). A server started in the test process listens on `port: 0` instead.
 */
export { freePort } from "../../scripts/free-port";

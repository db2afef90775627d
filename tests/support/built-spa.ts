/**
 * Preloaded (bunfig.toml): when the runner built the SPA once for the whole run (TEST_SPA_DIR, scripts/test.ts),
 * every test server serves that build instead of bundling the SPA again in each test file (~3 s each).
 */
import { serveBuiltSpa } from "../../src/features/site/assets";

const dir = process.env.TEST_SPA_DIR;
if (dir) serveBuiltSpa(dir);

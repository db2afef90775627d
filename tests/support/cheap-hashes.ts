/**
 * Preloaded (bunfig.toml): passwords hashed in the test process cost next to nothing (src/lib/passwords.ts).
 * tests/api/passwords.test.ts checks that the site itself still hashes with its real cost.
 */
import { hashCheaplyInThisTestProcess } from "../../src/lib/passwords";

hashCheaplyInThisTestProcess();

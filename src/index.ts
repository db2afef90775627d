// Entry point of `npm start` and of the executable. No exports and no top-level await here: the
// compiled binary's bytecode wrapper would treat exports as a server definition, and it is CommonJS.
import { runCli } from "./cli";

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);

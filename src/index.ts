// Entry point of `npm start` and of the executable. No exports here: the compiled binary's
// bytecode wrapper would treat them as a server definition.
import { runCli } from "./cli";

const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exit(code);

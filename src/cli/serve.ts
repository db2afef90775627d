/** `layerlift [serve]`: the server, until SIGTERM or SIGINT. */
import type { Command } from "./command";

export const serveCommand: Command = {
  usage: "  layerlift [serve]                                   start the server (PORT, DATABASE_PATH)",
  database: "any",
  async run({ config }) {
    // Loaded here, not with the command line: the other commands never need the web app (half their start-up).
    const { serve } = await import("../server");
    await serve(config);
    return -1; // keep running
  },
};

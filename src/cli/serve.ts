/** `layerlift [serve]`: the server, until SIGTERM or SIGINT. */
import { serve } from "../server";
import type { Command } from "./command";

export const serveCommand: Command = {
  usage: "  layerlift [serve]                                   start the server (PORT, DATABASE_PATH)",
  database: "any",
  async run({ config }) {
    await serve(config);
    return -1; // keep running
  },
};

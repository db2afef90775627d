/** `layerlift admin create`: an admin account, new or promoted from an existing one. */
import { systemClock } from "../lib/clock";
import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { textOption, UsageError, type Command } from "./command";

export const adminCommand: Command = {
  usage: "  layerlift admin create --email E [--password P]     create or promote an admin",
  options: { email: { type: "string" }, password: { type: "string" } },
  database: "any",
  async run({ config, words: [sub], values }) {
    if (sub !== "create") throw new UsageError("admin takes create");
    const email = textOption(values, "email");
    const given = textOption(values, "password");
    if (!email) throw new UsageError("admin create needs --email");
    if (given !== undefined && given.length < MIN_PASSWORD_LENGTH)
      throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    const { closeDatabase, openConfiguredDatabase } = await import("../db");
    const { createOrPromoteAdmin } = await import("../features/users/service");
    const db = await openConfiguredDatabase(config);
    const { user, created, password } = await createOrPromoteAdmin(
      db,
      { email, password: given },
      systemClock.now(),
    ).finally(() => closeDatabase(db));
    console.log(
      `${created ? "Created" : "Promoted"} admin ${user.email}${password && !given ? ` with password ${password}` : ""}`,
    );
    return 0;
  },
};

import { t, type Static } from "./type-system";
import { Int } from "./common";

export const StatsModel = {
  activeUsers: t.Object({ count: Int({ description: "Distinct users seen in the last 5 minutes" }) }),
};

export type ActiveUsersResponse = Static<typeof StatsModel.activeUsers>;

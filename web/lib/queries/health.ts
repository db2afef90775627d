import { useQuery } from "@tanstack/react-query";
import type { HealthReport } from "@shared/api-types";
import { getQueryFn } from "../api";

/** /api/health with the admin's session: the details, the backups among them; polled every minute. */
export function useHealthDetails() {
  return useQuery({
    queryKey: ["/api/health"],
    queryFn: getQueryFn<HealthReport>({ on401: "throw" }),
    refetchInterval: 60_000,
  });
}

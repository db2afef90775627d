import { useLocation, useSearch } from "wouter";

/**
 * One query parameter of the address as state (`/admin?tab=support&ticket=42`), so a reload, Back and a
 * shared link keep it. Setting null removes it; other parameters are kept. Each change is a history entry.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [path, navigate] = useLocation();
  const value = new URLSearchParams(useSearch()).get(name);
  const set = (next: string | null) => {
    // Read the address now, not at render, as useTabInUrl does.
    const params = new URLSearchParams(window.location.search);
    if (params.get(name) === next) return;
    if (next === null) params.delete(name);
    else params.set(name, next);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path);
  };
  return [value, set];
}

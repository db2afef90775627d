import { useLocation, useSearch } from "wouter";

/**
 * The open tab of a tabbed page, kept in the address as `?tab=<value>` so a reload, Back and a shared
 * link all show the same tab. The first tab is the default and leaves the address bare; an unknown
 * value shows the default. Other query parameters are kept; `params` sets some with the tab, in the same
 * history entry (a figure that opens its list already filtered).
 */
export function useTabInUrl<Tab extends string>(
  tabs: readonly Tab[],
): [Tab, (tab: Tab, params?: Record<string, string>) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const requested = new URLSearchParams(search).get("tab");
  const current = tabs.find((tab) => tab === requested) ?? tabs[0]!;
  const choose = (tab: Tab, extra: Record<string, string> = {}) => {
    // Read the address now, not at render: a click and the focus it brings both choose the tab
    // before the next render, and the second must not add a second history entry.
    const params = new URLSearchParams(window.location.search);
    const same = Object.entries(extra).every(([name, value]) => params.get(name) === value);
    if ((tabs.find((known) => known === params.get("tab")) ?? tabs[0]) === tab && same) return;
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    if (tab === tabs[0]) params.delete("tab");
    else params.set("tab", tab);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path);
  };
  return [current, choose];
}

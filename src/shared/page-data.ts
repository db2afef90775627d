/**
 * Answers a server-rendered page carries for the browser: the server fills react-query's cache with
 * them before rendering, and the browser does the same before hydrating, so both render the same
 * content (a legal page's text) without a request and without a loading state.
 */
export const PAGE_DATA_ID = "page-data";

export type PageData = { queryKey: readonly (string | number)[]; data: unknown }[];

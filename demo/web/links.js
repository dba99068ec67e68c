// Deep links: "inbox/message?id=42" as the entries of navcore's open (SPEC §14). Each path
// segment is a route, bottom to top; the query is the payload of the last one (digits as JSON
// numbers). The web twin of demo/navdemo/links.py.

/**
 * The [route, payload or null] entries of `link`.
 * @param {string} link
 * @returns {Array<[string, Record<string, string | number> | null]>}
 */
export function linkEntries(link) {
  const url = new URL(link, "navcore-link:/");
  const routes = url.pathname.split("/").filter((segment) => segment !== "");
  if (routes.length === 0) throw new Error(`the link ${JSON.stringify(link)} names no route`);
  /** @type {Record<string, string | number>} */
  const query = {};
  for (const [key, text] of url.searchParams) query[key] = /^[0-9]+$/.test(text) ? Number(text) : text;
  /** @type {Array<[string, Record<string, string | number> | null]>} */
  const entries = routes.map((route) => [route, null]);
  if (Object.keys(query).length > 0) entries[entries.length - 1] = [routes[routes.length - 1], query];
  return entries;
}

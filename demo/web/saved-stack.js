// Where the page keeps its saved stack between loads: the tab's sessionStorage, as navcore's
// saved document exactly (SPEC §14). sessionStorage lives as long as the tab and survives a
// reload, as the tab's history entries do, so a restored stack finds the entries it left.

const KEY = "navcore-web-demo/stack";

/** @returns {string | null} the saved document, or null when there is none (or no storage) */
export function loadSaved() {
  try {
    return sessionStorage.getItem(KEY);
  } catch { // storage disabled
    return null;
  }
}

/**
 * Keeps `document` for the next load; false when the browser refuses (storage disabled, full).
 * @param {string} document
 */
export function storeSaved(document) {
  try {
    sessionStorage.setItem(KEY, document);
    return true;
  } catch {
    return false;
  }
}


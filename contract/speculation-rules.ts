/**
 * Where the site's speculation rules (a JSON rule set) live: the build writes the file, the
 * service serves it, the loader adds it to each page once the page has painted.
 */
export const SPECULATION_RULES_PATH = '/speculation.json';

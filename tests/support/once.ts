// Tests whose subject does not depend on the database engine (the markup under the W3C checker, Lighthouse's scores)
// run in one integration project only. PostgreSQL's when the run has one: it finishes sooner than PGlite's, and the
// two projects run side by side (scripts/test.mjs), so these minutes even them out. PGlite's when it is alone.
const kind = process.env.TEST_DB_KIND ?? 'pglite';
const home = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Whether this project is the one that runs engine-independent tests. */
export const engineIndependentHere = kind === home;
/** The skip note for the other project. */
export const engineIndependentElsewhere = `the same on both databases: run once, in integration-${home}`;

/** What the server suites' global setup hands to every test file (ADR 050). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump (server project). */
    pgliteTemplate: string;
    /** Name of the migrated template database (server-pg project). */
    pgTemplate: string;
  }
}

export {};

export interface StartedPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (superuser, trust authentication). */
  url: string;
  port: number;
  /** Stops the server and deletes its data; safe to call twice. */
  stop(): Promise<void>;
}

/** The directory holding initdb and pg_ctl (PG_BINDIR, Debian's newest version, or PATH), or undefined. */
export declare function findPostgresBinDir(): string | undefined;

/** Starts a throwaway PostgreSQL server on a free port of 127.0.0.1. */
export declare function startPostgres(options?: { binDir?: string }): Promise<StartedPostgres>;

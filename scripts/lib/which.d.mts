/** The first executable named `name` on PATH (like `command -v`), or undefined. */
export declare function which(name: string, path?: string): string | undefined;

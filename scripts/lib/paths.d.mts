export declare const repoRoot: string;
export declare function binPath(name: string): string;

/** Types of build.js, which is plain JavaScript because it runs before anything is compiled. */
export declare function needsBuild(): boolean;
export declare function build(): { typeErrors: boolean };
export declare function buildIfNeeded(): void;

/** Placeholder until the catalogue lands. */
export const codes: ReadonlySet<string> = new Set()

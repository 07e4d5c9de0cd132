/** Where a benchmark part leaves its figures: stdout (markdown) and `bench/results/<part>.{md,json}`. */
import { mkdirSync, writeFileSync } from "node:fs"
import { fromRoot } from "./paths.ts"

const dir = fromRoot("bench/results/")

/** Prints the part's markdown and saves it with its raw data. */
export const report = (part: string, markdown: string, data: unknown): void => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}${part}.md`, `${markdown}\n`)
  writeFileSync(`${dir}${part}.json`, `${JSON.stringify({ part, at: new Date().toISOString(), data }, null, 2)}\n`)
  process.stdout.write(`${markdown}\n`)
}

/** `--name value` from the command line, else `fallback`. */
export const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}

/** Whether `--flag` is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`)

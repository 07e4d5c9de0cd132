/** Paths of the checkout, the same from a benchmark's source (bench/) and its compiled copy (bench/.out/). */
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const findRoot = (from: string): string =>
  existsSync(join(from, "package.json")) && existsSync(join(from, "bench")) ? from : findRoot(dirname(from))

/** The checkout's root, with a trailing `/`. */
export const root = `${findRoot(dirname(fileURLToPath(import.meta.url)))}/`

/** A path under the checkout's root. */
export const fromRoot = (path: string): string => join(root, path)

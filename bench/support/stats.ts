/** Small statistics and formatting helpers of the benchmarks. */

/** The q-quantile (0..1) of the values, linearly interpolated. */
export const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo)
}

/** The median of the values. */
export const median = (values: ReadonlyArray<number>): number => quantile(values, 0.5)

/** `median (p25–p75)` with `digits` decimals. */
export const spread = (values: ReadonlyArray<number>, digits = 2): string =>
  `${median(values).toFixed(digits)} (${quantile(values, 0.25).toFixed(digits)}–${quantile(values, 0.75).toFixed(digits)})`

/** The i-th rotation of `items`: round-robin orders for alternating A/B/C blocks. */
export const rotate = <A>(items: ReadonlyArray<A>, i: number): ReadonlyArray<A> => {
  const k = i % items.length
  return [...items.slice(k), ...items.slice(0, k)]
}

/** Bytes as KiB with one decimal. */
export const kib = (bytes: number): string => (bytes / 1024).toFixed(1)

/** Waits for the next turn of the event loop. */
export const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Full garbage collection, several times with turns in between (finalizers, weak refs); needs `--expose-gc`. */
export const settle = async (): Promise<void> => {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("run with node --expose-gc")
  for (let i = 0; i < 4; i++) {
    gc()
    await tick()
  }
}

/** A markdown table. */
export const table = (head: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`)
  ].join("\n")

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

/**
 * CPU µs per call of each contender (process user + system time over a block of calls): one warm-up
 * block each, then `rounds` rounds of one block per contender, the order rotated every round so no
 * contender always runs after the same one. `inputs(round, block, name)` gives a block's call
 * inputs for the contender `name`, built before the clock starts. With `collect`, a full garbage
 * collection runs before every block (needs `--expose-gc`), then `collect` untimed calls of the
 * same contender warm it up again: no block pays for the garbage of the block before it (the
 * rotation keeps the cyclic order, so each contender would mostly pay for the same other one).
 */
export const cpuPerCall = async <I>(
  contenders: ReadonlyArray<readonly [string, (input: I) => Promise<unknown>]>,
  options: {
    readonly rounds: number
    readonly block: number
    readonly inputs: (round: number, block: number, name: string) => ReadonlyArray<I>
    readonly collect?: number
  }
): Promise<Map<string, Array<number>>> => {
  const samples = new Map<string, Array<number>>(contenders.map(([name]) => [name, []]))
  for (const [name, call] of contenders) for (const input of options.inputs(-1, options.block, name)) await call(input)
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const [name, call] = contenders[(k + round) % contenders.length]!
      if (options.collect !== undefined) {
        ;(globalThis as { gc?: () => void }).gc?.()
        for (const input of options.inputs(round, options.collect, name)) await call(input)
      }
      const batch = options.inputs(round, options.block, name)
      const start = process.cpuUsage()
      for (const input of batch) await call(input)
      const used = process.cpuUsage(start)
      samples.get(name)!.push((used.user + used.system) / options.block)
    }
  }
  return samples
}

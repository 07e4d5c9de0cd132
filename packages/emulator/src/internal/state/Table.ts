/**
 * Immutable keyed collections: every resource of the emulator's state is a `Table` (a plain JSON
 * object keyed by id), so the whole state exports and imports as JSON.
 *
 * @since 0.1.0
 */

/** A collection keyed by id; plain JSON so it round-trips through `exportState`. */
export type Table<A> = Readonly<Record<string, A>>

/** The empty table. */
export const empty: Table<never> = {}

/** The row with that key, if any. */
export const get = <A>(table: Table<A>, key: string): A | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined

/** A table with that row added or replaced. */
export const put = <A>(table: Table<A>, key: string, value: A): Table<A> => ({ ...table, [key]: value })

/** A table with the row changed by `f` (unchanged when the key is absent). */
export const modify = <A>(table: Table<A>, key: string, f: (a: A) => A): Table<A> => {
  const current = get(table, key)
  return current === undefined ? table : put(table, key, f(current))
}

/** A table without that row. */
export const remove = <A>(table: Table<A>, key: string): Table<A> => {
  if (get(table, key) === undefined) return table
  const next: Record<string, A> = { ...table }
  delete next[key]
  return next
}

/** A table without the rows matching the predicate. */
export const removeWhere = <A>(table: Table<A>, predicate: (a: A) => boolean): Table<A> => {
  const next: Record<string, A> = {}
  for (const [key, value] of Object.entries(table)) if (!predicate(value)) next[key] = value
  return next
}

/** Every row, in insertion order. */
export const values = <A>(table: Table<A>): ReadonlyArray<A> => Object.values(table)

/** The rows matching the predicate. */
export const filter = <A>(table: Table<A>, predicate: (a: A) => boolean): ReadonlyArray<A> =>
  Object.values(table).filter(predicate)

/** The first row matching the predicate. */
export const find = <A>(table: Table<A>, predicate: (a: A) => boolean): A | undefined =>
  Object.values(table).find(predicate)

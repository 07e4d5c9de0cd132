/**
 * `Retry-After` as RFC 9110 §10.2.3 defines it: delta-seconds (a non-negative integer) or an
 * HTTP-date (IMF-fixdate, or the obsolete RFC 850 and asctime forms). Anything else is ignored
 * (the exponential back-off applies).
 *
 * @since 0.1.0
 */

const day = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
const month = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
const time = "\\d{2}:\\d{2}:\\d{2}"
const imfFixdate = new RegExp(`^${day}, \\d{2} ${month} \\d{4} ${time} GMT$`)
const rfc850 = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${month}-\\d{2} ${time} GMT$`)
const asctime = new RegExp(`^${day} ${month} (?:\\d{2}| \\d) ${time} \\d{4}$`)

/**
 * The wait a `Retry-After` value asks for, in milliseconds from `nowMillis` (a date in the past
 * asks for 0), or `undefined` when the value is absent or not valid per RFC 9110.
 */
export const parse = (value: string | null, nowMillis: number): number | undefined => {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = imfFixdate.test(trimmed) || rfc850.test(trimmed)
    ? Date.parse(trimmed)
    : asctime.test(trimmed)
    ? Date.parse(`${trimmed} GMT`)
    : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMillis)
}

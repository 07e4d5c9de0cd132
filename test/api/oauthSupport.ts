/**
 * Drives the emulator's mock OAuth provider the way a browser would: follows redirects inside the
 * emulator until the app's callback URL, and fills in the provider's page.
 */
import * as Effect from "effect/Effect"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import type * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"

/** What a browser visit ended on: the app's URL it was sent to, or a page of the emulator. */
export type Landing =
  | { readonly _tag: "App"; readonly url: string }
  | { readonly _tag: "Page"; readonly status: number; readonly url: string; readonly text: string }

/** Visits a URL of the emulator, following its redirects while they stay on the emulator. */
export const visit = (start: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    let url = start
    for (let hops = 0; hops < 10; hops++) {
      if (!url.startsWith(emulator.baseUrl)) return { _tag: "App", url } as Landing
      const response = yield* Effect.orDie(emulator.handle(new Request(url)))
      const location = response.headers.get("location")
      if (response.status >= 300 && response.status < 400 && location !== null) {
        url = new URL(location, url).toString()
        continue
      }
      return { _tag: "Page", status: response.status, url, text: yield* Effect.promise(() => response.text()) } as Landing
    }
    return yield* Effect.die(new Error("too many redirects"))
  })

/** Fills in the mock provider's page with `fields` and submits it. */
export const submitProviderPage = (page: Landing, fields: Record<string, string>) =>
  Effect.gen(function*() {
    if (page._tag !== "Page" || page.status !== 200) return yield* Effect.die(new Error(`expected the provider page, got ${JSON.stringify(page)}`))
    const action = /<form method="get" action="([^"]+)"/.exec(page.text)?.[1]
    const state = /name="state" value="([^"]+)"/.exec(page.text)?.[1]
    if (action === undefined || state === undefined) return yield* Effect.die(new Error("no form on the provider page"))
    const submit = new URL(action, page.url)
    submit.searchParams.set("state", state)
    for (const [key, value] of Object.entries(fields)) submit.searchParams.set(key, value)
    return yield* visit(submit.toString())
  })

/** Visits an authorize URL, fills in the mock provider's page with `fields` and submits it. */
export const signInAtProvider = (authorizeUrl: string, fields: Record<string, string>) =>
  Effect.flatMap(visit(authorizeUrl), (page) => submitProviderPage(page, fields))

/** A memory cookie adapter that also remembers the attributes of each write. */
export const recordingCookies = () => {
  const jar = new Map<string, string>()
  const writes: Array<{ readonly name: string; readonly value: string; readonly attributes: CookieStorage.CookieAttributes | undefined }> = []
  const adapter: CookieStorage.CookieAdapter = {
    secure: false,
    get: (name) => jar.get(name),
    set: (name, value, attributes) => {
      writes.push({ name, value, attributes })
      jar.set(name, value)
    },
    delete: (name, attributes) => {
      writes.push({ name, value: "", attributes })
      jar.delete(name)
    }
  }
  return { adapter, jar, writes }
}

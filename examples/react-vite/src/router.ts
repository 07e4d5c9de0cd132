/**
 * A tiny client-side router for the example (any router works: the provider takes its
 * `navigate`, the handler its `location`). Same-origin links are followed without a reload;
 * other origins (the OAuth provider) get a real navigation.
 */
import { useSyncExternalStore } from "react"
import type { Navigate } from "@stack-auth-effect/react"

const changed = "example:navigate"

const subscribe = (onChange: () => void) => {
  addEventListener("popstate", onChange)
  addEventListener(changed, onChange)
  return () => {
    removeEventListener("popstate", onChange)
    removeEventListener(changed, onChange)
  }
}

/** The current URL, re-rendering on every navigation. */
export const useHref = (): string => useSyncExternalStore(subscribe, () => location.href)

/** Goes to a URL: in-app without reload, elsewhere with one. */
export const navigate: Navigate = (url, options) => {
  const target = new URL(url, location.href)
  if (target.origin !== location.origin) {
    if (options?.replace === true) location.replace(target.href)
    else location.assign(target.href)
    return
  }
  const path = target.pathname + target.search + target.hash
  if (options?.replace === true) history.replaceState(null, "", path)
  else history.pushState(null, "", path)
  dispatchEvent(new Event(changed))
}

/** Follows same-origin `<a href>` clicks in-app. */
export const interceptLinks = (): void => {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element | null)?.closest?.("a")
    if (anchor === null || anchor === undefined || anchor.target !== "" || anchor.hasAttribute("download")) return
    const target = new URL(anchor.href, location.href)
    if (target.origin !== location.origin) return
    event.preventDefault()
    navigate(target.href)
  })
}

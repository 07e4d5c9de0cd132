// Installed-package probe of the React entry: a browser app that mounts the provider and the handler
// pages (every prebuilt page, account and team settings included), as README's React section does.
import { createRoot } from "react-dom/client"
import * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as TokenStoreCookie from "stack-auth-effect/TokenStoreCookie"
import { StackHandler, StackProvider } from "@stack-auth-effect/react"

const app = StackClientApp.layer({
  projectId: "p",
  publishableClientKey: "k",
  tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId: "p" })
})

createRoot(document.getElementById("root")!).render(
  <StackProvider app={app}>
    <StackHandler />
  </StackProvider>
)

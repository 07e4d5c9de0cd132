/// <reference types="vite/client" />
/**
 * The example app's entry: the client app of the project the environment names (the emulator's
 * demo project under `npm start`), tokens in browser cookies, and the React provider.
 */
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { StackClientApp, TokenStoreCookie } from "stack-auth-effect"
import { App } from "./App.tsx"
import { interceptLinks } from "./router.ts"

const projectId = import.meta.env.VITE_STACK_PROJECT_ID as string | undefined
const publishableClientKey = import.meta.env.VITE_STACK_PUBLISHABLE_CLIENT_KEY as string | undefined
const baseUrl = import.meta.env.VITE_STACK_API_URL as string | undefined

const root = createRoot(document.getElementById("root")!)

if (projectId === undefined || publishableClientKey === undefined) {
  root.render(<p>Set VITE_STACK_PROJECT_ID and VITE_STACK_PUBLISHABLE_CLIENT_KEY, or run <code>npm start</code>.</p>)
} else {
  const app = StackClientApp.layer({
    projectId,
    publishableClientKey,
    baseUrl,
    tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId })
  })
  interceptLinks()
  root.render(
    <StrictMode>
      <App app={app} />
    </StrictMode>
  )
}

import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { StackClientApp, TokenStore, TokenStoreCookie } from "stack-auth-effect"
import {
  type InitialData,
  loadInitialData,
  makeRuntime,
  SignIn,
  StackHandler,
  StackProvider,
  useUser
} from "@stack-auth-effect/react"

const projectId = "your-project-id"
const publishableClientKey = "your-publishable-client-key"

function Home(): ReactNode {
  const user = useUser() // suspends until known; null when signed out
  return user === null ? <SignIn /> : <p>Hello, {user.displayName ?? user.primaryEmail}</p>
}

/** The browser: `hydrateRoot(el, <App path={location.pathname} initialData={fromServer} />)` or `createRoot`. */
export function App(props: { readonly path: string; readonly initialData?: InitialData }): ReactNode {
  const app = StackClientApp.layer({
    projectId,
    publishableClientKey,
    tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId })
  })
  return (
    <StackProvider
      app={app}
      initialData={props.initialData}
      appearance={{ variables: { colorPrimary: "#0f766e", borderRadius: "0.75rem" } }}
      messages={{ signIn: { title: "Welcome back" } }}
    >
      {props.path.startsWith("/handler/") ? <StackHandler location={props.path} /> : <Home />}
    </StackProvider>
  )
}

/** The server: read the user with the request's cookies, render, and hand the reads to the browser. */
export async function renderPage(request: { readonly url: string; readonly headers: Record<string, string | undefined> }) {
  const runtime = makeRuntime(StackClientApp.layer({
    projectId,
    publishableClientKey,
    tokenStore: TokenStore.layerRequest(request, { projectId })
  }))
  try {
    await runtime.context()
    const initialData = await runtime.runPromise(loadInitialData)
    const html = renderToString(
      <StackProvider runtime={runtime} initialData={initialData}>
        {new URL(request.url, "http://x").pathname.startsWith("/handler/") ? <StackHandler location={request.url} /> : <Home />}
      </StackProvider>
    )
    // JSON in a <script>: escape "<" so the data cannot close the tag
    const data = JSON.stringify(initialData).replaceAll("<", "\\u003c")
    return `<div id="root">${html}</div><script>window.__STACK_INITIAL_DATA__ = ${data}</script>`
  } finally {
    await runtime.dispose()
  }
}

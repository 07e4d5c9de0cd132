import { assert, describe, it } from "@effect/vitest"
import { act, cleanup, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { StrictMode, Suspense } from "react"
import { afterEach } from "vitest"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import { StackProvider } from "../../packages/react/src/StackProvider.tsx"
import { useProject, useProjectQuery, useUser, useUserQuery } from "../../packages/react/src/hooks.ts"
import { useMutation, useQuery, useSuspenseQuery } from "../../packages/react/src/useQuery.ts"
import { appLayerWithFinalizer, Boundary, freshEmail, makeRuntime, renderAsync } from "./support.tsx"

afterEach(cleanup)

class Boom extends Schema.TaggedError<Boom>()("Boom", { reason: Schema.String }) {
  override get message() {
    return `boom: ${this.reason}`
  }
}
const failing = QueryCache.query(["test", "failing"], Effect.fail(new Boom({ reason: "on purpose" })))

function ProjectName() {
  return <p data-testid="project">{useProject().displayName}</p>
}

const seenStates: Array<string> = []
function ProjectState() {
  const { data, isLoading } = useProjectQuery()
  seenStates.push(isLoading ? "loading" : data?.displayName ?? "?")
  return <p data-testid="state">{isLoading ? "loading" : data?.displayName}</p>
}

function UserName(props: { readonly id: number }) {
  const user = useUser()
  return <p data-testid={`user-${props.id}`}>{user === null ? "signed out" : user.displayName ?? "no name"}</p>
}

describe("hooks", () => {
  it("useProject suspends, then shows the project", async () => {
    const t = makeRuntime()
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Suspense fallback={<p>loading</p>}>
          <ProjectName />
        </Suspense>
      </StackProvider>
    )
    assert.strictEqual((await screen.findByTestId("project")).textContent, "Demo Project")
    await t.dispose()
  })

  it("useProjectQuery reports loading without suspending, then the data", async () => {
    const t = makeRuntime()
    await renderAsync(<StackProvider runtime={t.runtime}><ProjectState /></StackProvider>)
    await waitFor(() => assert.strictEqual(screen.getByTestId("state").textContent, "Demo Project"))
    assert.deepStrictEqual([...new Set(seenStates)], ["loading", "Demo Project"])
    await t.dispose()
  })

  it("a failed query keeps its typed error: as `error`, and thrown to the error boundary", async () => {
    const t = makeRuntime()
    function NonSuspending() {
      const { error } = useQuery(failing)
      return <p data-testid="error">{error === undefined ? "none" : `${error._tag}:${error instanceof Boom}`}</p>
    }
    function Suspending() {
      useSuspenseQuery(failing)
      return <p>never</p>
    }
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <NonSuspending />
        <Boundary>
          <Suspense fallback={<p>loading</p>}>
            <Suspending />
          </Suspense>
        </Boundary>
      </StackProvider>
    )
    await waitFor(() => assert.strictEqual(screen.getByTestId("error").textContent, "Boom:true"))
    const alert = await screen.findByRole("alert")
    assert.strictEqual(alert.dataset.tag, "Boom")
    assert.strictEqual(alert.textContent, "boom: on purpose")
    await t.dispose()
  })

  it("20 components reading the user send one request, and all re-render after Users.update without another read", async () => {
    const t = makeRuntime()
    await t.run(Auth.signUpWithPassword({ email: freshEmail(), password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    const before = await t.count("GET", "/users/me")
    function Rename() {
      const { mutate, isPending } = useMutation((name: string) => Users.update({ displayName: name }))
      return <button onClick={() => void mutate("Ada")} disabled={isPending}>rename</button>
    }
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Suspense fallback={<p>loading</p>}>
          {Array.from({ length: 20 }, (_, i) => <UserName key={i} id={i} />)}
          <Rename />
        </Suspense>
      </StackProvider>
    )
    await waitFor(() => assert.strictEqual(screen.getByTestId("user-19").textContent, "no name"))
    assert.strictEqual(await t.count("GET", "/users/me") - before, 1)
    await act(async () => screen.getByRole("button").click())
    await waitFor(() => {
      for (let i = 0; i < 20; i++) assert.strictEqual(screen.getByTestId(`user-${i}`).textContent, "Ada")
    })
    assert.strictEqual(await t.count("GET", "/users/me") - before, 1)
    assert.strictEqual(await t.count("PATCH", "/users/me"), 1)
    await t.dispose()
  })

  it("a sign-in elsewhere re-renders the user; a sign-out shows signed out", async () => {
    const t = makeRuntime()
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Suspense fallback={<p>loading</p>}>
          <UserName id={0} />
        </Suspense>
      </StackProvider>
    )
    await waitFor(() => assert.strictEqual(screen.getByTestId("user-0").textContent, "signed out"))
    await act(() => t.run(Auth.signUpWithPassword({ email: freshEmail(), password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })))
    await waitFor(() => assert.strictEqual(screen.getByTestId("user-0").textContent, "no name"))
    await act(() => t.run(Auth.signOut()))
    await waitFor(() => assert.strictEqual(screen.getByTestId("user-0").textContent, "signed out"))
    await t.dispose()
  })

  it("useUser({ or: 'throw' }) throws UserNotSignedIn to the error boundary", async () => {
    const t = makeRuntime()
    function Strict() {
      return <p>{useUser({ or: "throw" }).id}</p>
    }
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Boundary>
          <Suspense fallback={<p>loading</p>}>
            <Strict />
          </Suspense>
        </Boundary>
      </StackProvider>
    )
    const alert = await screen.findByRole("alert")
    assert.strictEqual(alert.dataset.tag, "UserNotSignedIn")
    assert.strictEqual(alert.textContent, "User is not signed in but getUser was called with { or: 'throw' }")
    await t.dispose()
  })

  it("useUser({ or: 'anonymous' }) signs up one anonymous user for every component asking", async () => {
    const t = makeRuntime()
    function Anonymous(props: { readonly id: number }) {
      const user = useUser({ or: "anonymous" })
      return <p data-testid={`anon-${props.id}`}>{user.isAnonymous ? `anonymous ${user.id}` : "named"}</p>
    }
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Suspense fallback={<p>loading</p>}>
          <Anonymous id={1} />
          <Anonymous id={2} />
        </Suspense>
      </StackProvider>
    )
    await waitFor(() => assert.match(screen.getByTestId("anon-1").textContent ?? "", /^anonymous /))
    assert.strictEqual(screen.getByTestId("anon-1").textContent, screen.getByTestId("anon-2").textContent)
    assert.strictEqual(await t.count("POST", "/auth/anonymous/sign-up"), 1)
    await t.dispose()
  })

  it("useUser({ or: 'redirect' }) goes to the sign-in page carrying after_auth_return_to", async () => {
    const t = makeRuntime()
    window.history.replaceState(null, "", "/dashboard?tab=1")
    function Protected() {
      return <p>{useUser({ or: "redirect" }).id}</p>
    }
    await renderAsync(
      <StackProvider runtime={t.runtime}>
        <Suspense fallback={<p>loading</p>}>
          <Protected />
        </Suspense>
      </StackProvider>
    )
    await waitFor(() => assert.strictEqual(t.visits.length, 1))
    assert.deepStrictEqual(t.visits[0], {
      url: `/handler/sign-in?after_auth_return_to=${encodeURIComponent("/dashboard?tab=1")}`,
      replace: true
    })
    await t.dispose()
  })

  it("useUserQuery({ or: 'throw' }) reports UserNotSignedIn as its error", async () => {
    const t = makeRuntime()
    function Strict() {
      const { error, isLoading } = useUserQuery({ or: "throw" })
      return <p data-testid="q">{isLoading ? "loading" : error?._tag}</p>
    }
    await renderAsync(<StackProvider runtime={t.runtime}><Strict /></StackProvider>)
    await waitFor(() => assert.strictEqual(screen.getByTestId("q").textContent, "UserNotSignedIn"))
    await t.dispose()
  })

  it("in StrictMode the provider keeps its runtime across the double mount and disposes it on unmount", async () => {
    let released = 0
    const app = appLayerWithFinalizer(() => released++)
    const view = await renderAsync(
      <StrictMode>
        <StackProvider app={app}>
          <Suspense fallback={<p>loading</p>}>
            <ProjectName />
          </Suspense>
        </StackProvider>
      </StrictMode>
    )
    assert.strictEqual((await screen.findByTestId("project")).textContent, "Demo Project")
    assert.strictEqual(released, 0)
    view.unmount()
    await waitFor(() => assert.strictEqual(released, 1))
  })
})

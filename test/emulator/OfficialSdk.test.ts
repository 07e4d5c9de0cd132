/**
 * The official SDK (`@stackframe/js@2.8.39`, devDependency, test oracle only) against our emulator
 * served over HTTP on loopback: each flow completes, the SDK reads back what it wrote, and the
 * emulator answers none of the SDK's requests with an error the SDK might have swallowed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Server from "../../packages/emulator/src/EmulatorServer.ts"

type Official = typeof import("@stackframe/js")

/** One answer of the emulator: what the SDK asked and the status it really got (override envelope read). */
interface Answered {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly knownError: string | null
}

interface Served {
  readonly emulator: Emulator.Service
  /** The answers so far; `failures` are those with a status of 400 or more. */
  readonly answered: Array<Answered>
  readonly failures: () => ReadonlyArray<Answered>
  /** How far the emulator's clock runs ahead of the real one (the SDK's clock stays real). */
  readonly skew: { millis: number }
  readonly client: () => InstanceType<Official["StackClientApp"]>
  readonly server: () => InstanceType<Official["StackServerApp"]>
  readonly admin: () => InstanceType<Official["StackAdminApp"]>
}

const keys = { projectId: demoProject.projectId, publishableClientKey: demoProject.publishableClientKey }
const password = "correct-horse-42"
const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"

/** The live clock moved `skew.millis` ahead. */
const skewedClock = (live: Clock.Clock, skew: { readonly millis: number }): Clock.Clock => ({
  currentTimeMillisUnsafe: () => live.currentTimeMillisUnsafe() + skew.millis,
  currentTimeMillis: Effect.sync(() => live.currentTimeMillisUnsafe() + skew.millis),
  currentTimeNanosUnsafe: () => live.currentTimeNanosUnsafe() + BigInt(skew.millis) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => live.currentTimeNanosUnsafe() + BigInt(skew.millis) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: live.monotonicTimeNanos,
  sleep: (duration) => live.sleep(duration)
})

/** A fresh emulator on loopback whose answers are recorded, and the official apps pointed at it. */
const withOfficialSdk = <A>(flow: (served: Served) => Promise<A>) =>
  Effect.scoped(Effect.gen(function*() {
    const skew = { millis: 0 }
    const emulator = yield* Emulator.make()
    const answered: Array<Answered> = []
    const recorded: Emulator.Service = {
      ...emulator,
      handle: (request) =>
        Effect.tap(emulator.handle(request), (response) =>
          Effect.sync(() => {
            const actual = response.headers.get("x-stack-actual-status")
            answered.push({
              method: request.method,
              path: new URL(request.url).pathname,
              status: actual === null ? response.status : Number(actual),
              knownError: response.headers.get("x-stack-known-error")
            })
          }))
    }
    const info = yield* Server.serve({ port: 0, mailboxPort: false }).pipe(
      Effect.provide(Layer.succeed(Emulator.Emulator, recorded)),
      Effect.provideService(Clock.Clock, skewedClock(yield* Clock.Clock, skew))
    )
    const official = yield* Effect.promise(() => import("@stackframe/js"))
    const common = { ...keys, baseUrl: info.url, tokenStore: "memory" as const, redirectMethod: "none" as const }
    const served: Served = {
      emulator,
      answered,
      failures: () => answered.filter((a) => a.status >= 400),
      skew,
      client: () => new official.StackClientApp(common),
      server: () => new official.StackServerApp({ ...common, secretServerKey: demoProject.secretServerKey }),
      admin: () =>
        new official.StackAdminApp({
          ...common,
          secretServerKey: demoProject.secretServerKey,
          superSecretAdminKey: demoProject.superSecretAdminKey
        })
    }
    return yield* Effect.promise(() => flow(served))
  }))

/** The `code` of the first link in the newest mail to `email`, read from the emulator's mailbox. */
const mailedCode = (served: Served, email: string) =>
  Effect.runPromise(Effect.map(served.emulator.mailbox.latest(email), (mail) => (mail === undefined ? undefined : Mail.codeOf(mail))))
    .then((code) => {
      assert.isString(code, `a mail with a code to ${email}`)
      return code!
    })

/** A client app of the official SDK, signed up as a new user with a password. */
const signedUp = async (served: Served, email: string) => {
  const app = served.client()
  const result = await app.signUpWithCredential({ email, password, verificationCallbackUrl, noRedirect: true })
  assert.strictEqual(result.status, "ok", JSON.stringify(result))
  return { app, user: await app.getUser({ or: "throw" }) }
}

/** The known-error code of a failed official `Result`, or of a rejection. */
const errorCode = (outcome: { readonly status: string; readonly error?: unknown } | unknown): string | undefined => {
  const error = typeof outcome === "object" && outcome !== null && "status" in outcome ? (outcome as { error?: unknown }).error : outcome
  return (error as { errorCode?: string } | undefined)?.errorCode
}

const withinAMinute = (date: Date | undefined) => {
  assert.instanceOf(date, Date)
  assert.isBelow(Math.abs(Date.now() - date!.getTime()), 60_000)
}

describe("the official SDK against the emulator over HTTP", () => {
  it.live("signs up and in with a password and reads the current user", () =>
    withOfficialSdk(async (served) => {
      const { user } = await signedUp(served, "ada@example.com")
      assert.strictEqual(user.primaryEmail, "ada@example.com")
      assert.isFalse(user.primaryEmailVerified)
      assert.isTrue(user.hasPassword)
      assert.isFalse(user.isAnonymous)
      assert.isNull(user.displayName)
      withinAMinute(user.signedUpAt)

      const again = served.client()
      assert.deepStrictEqual(await again.signInWithCredential({ email: "ada@example.com", password, noRedirect: true }), {
        status: "ok",
        data: undefined
      })
      assert.strictEqual((await again.getUser({ or: "throw" })).id, user.id)
      assert.deepStrictEqual(served.failures(), [])

      // The service's known errors reach the official SDK as its own error classes.
      const wrong = await served.client().signInWithCredential({ email: "ada@example.com", password: "wrong-password-1", noRedirect: true })
      assert.strictEqual(errorCode(wrong), "EMAIL_PASSWORD_MISMATCH")
      const taken = await served.client().signUpWithCredential({ email: "ada@example.com", password, verificationCallbackUrl, noRedirect: true })
      assert.strictEqual(errorCode(taken), "USER_EMAIL_ALREADY_EXISTS")
      assert.deepStrictEqual(served.failures().map((f) => f.knownError), ["EMAIL_PASSWORD_MISMATCH", "USER_EMAIL_ALREADY_EXISTS"])
    }), 30_000)

  it.live("completes the mailed flows: e-mail verification, password reset, magic-link sign-in", () =>
    withOfficialSdk(async (served) => {
      const { app } = await signedUp(served, "frances@example.com")
      assert.deepStrictEqual(await app.verifyEmail(await mailedCode(served, "frances@example.com")), { status: "ok", data: undefined })
      assert.isTrue((await served.client().signInWithCredential({ email: "frances@example.com", password, noRedirect: true })).status === "ok")

      const forgot = await served.client().sendForgotPasswordEmail("frances@example.com", { callbackUrl: "http://localhost:3000/handler/password-reset" })
      assert.strictEqual(forgot.status, "ok")
      const resetCode = await mailedCode(served, "frances@example.com")
      assert.strictEqual((await served.client().verifyPasswordResetCode(resetCode)).status, "ok")
      assert.strictEqual((await served.client().resetPassword({ code: resetCode, password: "a-new-password-7" })).status, "ok")
      const withNew = await served.client().signInWithCredential({ email: "frances@example.com", password: "a-new-password-7", noRedirect: true })
      assert.strictEqual(withNew.status, "ok")

      const newcomer = served.client()
      const sent = await newcomer.sendMagicLinkEmail("newcomer@example.com", { callbackUrl: "http://localhost:3000/handler/magic-link-callback" })
      assert.strictEqual(sent.status, "ok")
      assert.strictEqual((await newcomer.signInWithMagicLink(await mailedCode(served, "newcomer@example.com"), { noRedirect: true })).status, "ok")
      const signedIn = await newcomer.getUser({ or: "throw" })
      assert.deepInclude(signedIn, { primaryEmail: "newcomer@example.com", primaryEmailVerified: true, hasPassword: false })
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("updates the user's display name and metadata", () =>
    withOfficialSdk(async (served) => {
      const { app, user } = await signedUp(served, "grace@example.com")
      await user.update({ displayName: "Grace Hopper", clientMetadata: { theme: "dark" } })
      const current = await app.getUser({ or: "throw" })
      assert.strictEqual(current.displayName, "Grace Hopper")
      assert.deepStrictEqual(current.clientMetadata, { theme: "dark" })
      // Read back by another access level: the change is stored, not only cached by the SDK.
      const stored = await served.server().getUser(user.id)
      assert.strictEqual(stored?.displayName, "Grace Hopper")
      assert.deepStrictEqual(stored?.clientMetadata, { theme: "dark" })
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("creates a team, lists it, and leaves it", () =>
    withOfficialSdk(async (served) => {
      const { app, user } = await signedUp(served, "linus@example.com")
      assert.deepStrictEqual(await user.listTeams(), [])
      const team = await user.createTeam({ displayName: "Kernel" })
      assert.strictEqual(team.displayName, "Kernel")
      assert.deepStrictEqual((await user.listTeams()).map((t) => [t.id, t.displayName]), [[team.id, "Kernel"]])
      assert.strictEqual((await app.getUser({ or: "throw" })).selectedTeam?.id, team.id)
      assert.deepStrictEqual((await (await served.server().getTeam(team.id))!.listUsers()).map((u) => u.id), [user.id])

      await user.leaveTeam(team)
      assert.deepStrictEqual(await user.listTeams(), [])
      assert.deepStrictEqual(await (await served.server().getTeam(team.id))!.listUsers(), [])
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("lists the primary e-mail as a contact channel and adds another", () =>
    withOfficialSdk(async (served) => {
      const { user } = await signedUp(served, "alan@example.com")
      const [primary, ...others] = await user.listContactChannels()
      assert.deepStrictEqual(others, [])
      assert.deepInclude(primary, { type: "email", value: "alan@example.com", isPrimary: true, isVerified: false, usedForAuth: true })

      const added = await user.createContactChannel({ type: "email", value: "turing@example.com", usedForAuth: false })
      assert.deepInclude(added, { type: "email", value: "turing@example.com", isPrimary: false, isVerified: false, usedForAuth: false })
      const listed = await user.listContactChannels()
      assert.sameMembers(listed.map((c) => c.value), ["alan@example.com", "turing@example.com"])
      assert.strictEqual(listed.find((c) => c.value === "turing@example.com")?.id, added.id)
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("lists the sessions of two devices and revokes the other one", () =>
    withOfficialSdk(async (served) => {
      const { user } = await signedUp(served, "barbara@example.com")
      const laptop = served.client()
      await laptop.signInWithCredential({ email: "barbara@example.com", password, noRedirect: true })
      const onLaptop = await laptop.getUser({ or: "throw" })

      const sessions = await user.getActiveSessions()
      assert.strictEqual(sessions.length, 2)
      assert.isTrue(sessions.every((s) => s.userId === user.id && !s.isImpersonation))
      withinAMinute(sessions[0]!.createdAt)
      const current = sessions.filter((s) => s.isCurrentSession)
      assert.strictEqual(current.length, 1)
      const other = sessions.find((s) => !s.isCurrentSession)!
      assert.strictEqual((await onLaptop.getActiveSessions()).find((s) => s.isCurrentSession)?.id, other.id)

      await user.revokeSession(other.id)
      assert.deepStrictEqual((await user.getActiveSessions()).map((s) => s.id), current.map((s) => s.id))
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("creates, lists and revokes a user API key", () =>
    withOfficialSdk(async (served) => {
      const { user } = await signedUp(served, "margaret@example.com")
      const expiresAt = new Date(Date.now() + 3_600_000)
      const key = await user.createApiKey({ description: "ci", expiresAt })
      assert.isString(key.value)
      assert.strictEqual(key.description, "ci")
      assert.strictEqual(key.userId, user.id)
      assert.isTrue(key.isValid())
      assert.strictEqual((await served.server().getUser({ apiKey: key.value }))?.id, user.id)

      const [listed, ...more] = await user.listApiKeys()
      assert.deepStrictEqual(more, [])
      assert.strictEqual(listed?.id, key.id)
      assert.deepStrictEqual(listed?.value, { lastFour: key.value.slice(-4) })
      assert.strictEqual(listed?.expiresAt?.getTime(), expiresAt.getTime())

      await key.revoke()
      const [revoked] = await user.listApiKeys()
      assert.isFalse(revoked!.isValid())
      assert.strictEqual(revoked!.whyInvalid(), "manually-revoked")
      withinAMinute(revoked!.manuallyRevokedAt ?? undefined)
      assert.isNull(await served.server().getUser({ apiKey: key.value }))
      assert.deepStrictEqual(served.failures().map((f) => f.knownError), ["API_KEY_REVOKED"])
    }), 30_000)

  it.live("creates, lists and deletes users with the server app", () =>
    withOfficialSdk(async (served) => {
      const server = served.server()
      const created = await server.createUser({
        primaryEmail: "server-made@example.com",
        primaryEmailAuthEnabled: true,
        password,
        displayName: "Made by server",
        serverMetadata: { plan: "pro" }
      })
      assert.deepInclude(created, { primaryEmail: "server-made@example.com", displayName: "Made by server", hasPassword: true })
      assert.deepStrictEqual(created.serverMetadata, { plan: "pro" })
      assert.deepStrictEqual((await server.listUsers()).map((u) => u.id), [created.id])
      // The user can sign in with the password the server gave.
      const signIn = await served.client().signInWithCredential({ email: "server-made@example.com", password, noRedirect: true })
      assert.strictEqual(signIn.status, "ok")

      await created.delete()
      assert.deepStrictEqual((await server.listUsers()).map((u) => u.id), [])
      assert.isNull(await server.getUser(created.id))
      assert.deepStrictEqual(served.failures().map((f) => f.knownError), ["USER_NOT_FOUND"])
    }), 30_000)

  it.live("reads and updates the project with the admin app", () =>
    withOfficialSdk(async (served) => {
      const admin = served.admin()
      const project = await admin.getProject()
      assert.strictEqual(project.id, demoProject.projectId)
      assert.strictEqual(project.displayName, demoProject.displayName)
      assert.isTrue(project.config.signUpEnabled)
      assert.isTrue(project.config.credentialEnabled)

      await project.update({ displayName: "Renamed", description: "by the official SDK", config: { signUpEnabled: false } })
      const updated = await served.admin().getProject()
      assert.deepInclude(updated, { displayName: "Renamed", description: "by the official SDK" })
      assert.isFalse(updated.config.signUpEnabled)
      assert.strictEqual((await served.client().getProject()).displayName, "Renamed")
      // The setting takes effect: sign-up is now refused (the official SDK throws this one).
      const refused = await served.client().signUpWithCredential({ email: "late@example.com", password, verificationCallbackUrl, noRedirect: true })
        .then(() => undefined, (error: unknown) => error)
      assert.strictEqual(errorCode(refused), "SIGN_UP_NOT_ENABLED")
      assert.deepStrictEqual(served.failures().map((f) => f.knownError), ["SIGN_UP_NOT_ENABLED"])
    }), 30_000)

  it.live("signs out: the session is deleted and the app has no user", () =>
    withOfficialSdk(async (served) => {
      const { app, user } = await signedUp(served, "ken@example.com")
      const [session] = await user.getActiveSessions()
      await user.signOut()
      assert.isNull(await app.getUser())
      const deleted = served.answered.filter((a) => a.method === "DELETE" && a.path === "/api/v1/auth/sessions/current")
      assert.deepStrictEqual(deleted.map((a) => a.status), [200])
      // The signed-out session is gone; a new sign-in sees only its own.
      const back = served.client()
      await back.signInWithCredential({ email: "ken@example.com", password, noRedirect: true })
      const sessions = await (await back.getUser({ or: "throw" })).getActiveSessions()
      assert.strictEqual(sessions.length, 1)
      assert.notStrictEqual(sessions[0]!.id, session!.id)
      assert.deepStrictEqual(served.failures(), [])
    }), 30_000)

  it.live("refreshes an access token the emulator reports expired at its token endpoint, and retries the call", () =>
    withOfficialSdk(async (served) => {
      const { user } = await signedUp(served, "dennis@example.com")
      // Eleven minutes later for the emulator: the ten-minute access token has expired there.
      served.skew.millis = 11 * 60_000
      const before = served.answered.length
      await user.update({ displayName: "Dennis" })
      const steps = served.answered.slice(before).filter((a) => a.path !== "/api/v1/users/me" || a.method !== "GET")
      assert.deepStrictEqual(steps.slice(0, 3), [
        { method: "PATCH", path: "/api/v1/users/me", status: 401, knownError: "ACCESS_TOKEN_EXPIRED" },
        { method: "POST", path: "/api/v1/auth/oauth/token", status: 200, knownError: null },
        { method: "PATCH", path: "/api/v1/users/me", status: 200, knownError: null }
      ])
      assert.strictEqual((await served.server().getUser(user.id))?.displayName, "Dennis")
    }), 30_000)
})

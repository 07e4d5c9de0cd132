/**
 * The real service for `npm run test:real`: its address and keys from the environment (the lines
 * `shared/real-service/start.sh` prints), app Layers on it, unique e-mails, the mail catcher's
 * Inbucket API, and a fresh project per suite, created by an owner in the `internal` project as the
 * dashboard does (so a suite never depends on, or changes, another's data).
 *
 * These suites run on the live clock: the service's tokens, mails and `next dev` compiles take real
 * time. They are never part of `npm test` (their files end in `.real.ts`).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as OwnedProjects from "../../packages/sdk/src/api/OwnedProjects.ts"
import type * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"

/** Where the real service and its mail catcher are, and the keys of its project. */
export interface RealEnv {
  readonly apiUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
  readonly inbucketUrl: string
}

/** The variables `start.sh` prints, by the field they fill. */
export const variables = {
  apiUrl: "STACK_API_URL",
  projectId: "STACK_PROJECT_ID",
  publishableClientKey: "STACK_PUBLISHABLE_CLIENT_KEY",
  secretServerKey: "STACK_SECRET_SERVER_KEY",
  superSecretAdminKey: "STACK_SUPER_SECRET_ADMIN_KEY",
  inbucketUrl: "INBUCKET_API_URL"
} as const satisfies Record<keyof RealEnv, string>

/** The variables that are not set (all of them: the real suites are skipped). */
export const missingVariables = (source: Readonly<Record<string, string | undefined>> = process.env): ReadonlyArray<string> =>
  Object.values(variables).filter((name) => (source[name] ?? "") === "")

/** The environment of the real service, or `undefined` when any variable is missing. */
export const readEnv = (source: Readonly<Record<string, string | undefined>> = process.env): RealEnv | undefined => {
  if (missingVariables(source).length > 0) return undefined
  const read = (name: string) => source[name]!.replace(/\/+$/, "")
  return {
    apiUrl: read(variables.apiUrl),
    projectId: source[variables.projectId]!,
    publishableClientKey: source[variables.publishableClientKey]!,
    secretServerKey: source[variables.secretServerKey]!,
    superSecretAdminKey: source[variables.superSecretAdminKey]!,
    inbucketUrl: read(variables.inbucketUrl)
  }
}

/** This run's environment (`undefined`: every real suite is skipped). */
export const env: RealEnv | undefined = readEnv()

const required = (): RealEnv => {
  if (env === undefined) throw new Error(`The real service is not configured: set ${missingVariables().join(", ")}`)
  return env
}

// ----- apps -----

/** A project of the real service and its keys (the environment's, or a suite's own). */
export interface ProjectKeys {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey?: string | undefined
  readonly superSecretAdminKey?: string | undefined
}

/** The environment's project (`internal` as start.sh seeds it). */
export const envProject = (): ProjectKeys => {
  const e = required()
  return {
    projectId: e.projectId,
    publishableClientKey: e.publishableClientKey,
    secretServerKey: e.secretServerKey,
    superSecretAdminKey: e.superSecretAdminKey
  }
}

/** A client app of a project of the real service (the environment's by default), signed out. */
export const client = (project: ProjectKeys = envProject()): Layer.Layer<StackClientApp.Services> =>
  StackClientApp.layer({ projectId: project.projectId, publishableClientKey: project.publishableClientKey, baseUrl: required().apiUrl })
    .pipe(Layer.orDie)

/** A server app of a project of the real service. */
export const server = (project: ProjectKeys = envProject()): Layer.Layer<StackServerApp.Services> =>
  StackServerApp.layer({
    projectId: project.projectId,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey ?? required().secretServerKey,
    baseUrl: required().apiUrl
  }).pipe(Layer.orDie)

/** An admin app of a project of the real service (its super-secret admin key). */
export const admin = (project: ProjectKeys = envProject()): Layer.Layer<StackAdminApp.Services> =>
  StackAdminApp.layer({
    projectId: project.projectId,
    publishableClientKey: project.publishableClientKey,
    superSecretAdminKey: project.superSecretAdminKey ?? required().superSecretAdminKey,
    baseUrl: required().apiUrl
  }).pipe(Layer.orDie)

// ----- users -----

const runStamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`
let counter = 0

/** An address no other run or test uses (the mail catcher's mailbox is its local part). */
export const uniqueEmail = (tag: string): string => `real-${tag}-${runStamp}-${++counter}@example.com`

/** A password the service's rules accept. */
export const password = "correct-horse-battery-1"

/** A verification page on localhost: trusted by `internal` and by new projects (localhost allowed). */
export const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"

/** The magic-link page on localhost. */
export const magicLinkCallbackUrl = "http://localhost:3000/handler/magic-link-callback"

/** The password-reset page on localhost. */
export const passwordResetUrl = "http://localhost:3000/handler/password-reset"

// ----- the mail catcher -----

/** A mail as the catcher's Inbucket API shows it, with the template variables of the service's development renderer. */
export interface Mail {
  readonly id: string
  readonly subject: string
  readonly text: string
  /** The `variables: {...}` the development renderer prints (links, codes); `{}` when absent. */
  readonly variables: Readonly<Record<string, unknown>>
}

interface Listed {
  readonly id: string
  readonly subject: string
}

const getJson = (url: string) =>
  Effect.tryPromise(async () => {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
    return (await response.json()) as unknown
  }).pipe(Effect.orDie)

const mailbox = (address: string) => `${required().inbucketUrl}/api/v1/mailbox/${encodeURIComponent(address.split("@")[0]!)}`

/** The template variables a development-rendered mail ends with. */
export const templateVariables = (text: string): Readonly<Record<string, unknown>> => {
  const at = text.lastIndexOf("variables:")
  if (at < 0) return {}
  const rest = text.slice(at + "variables:".length)
  const end = rest.lastIndexOf("}")
  try {
    return JSON.parse(rest.slice(0, end + 1)) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** The mails of an address, oldest first. */
export const mails = (address: string): Effect.Effect<ReadonlyArray<Listed>> =>
  Effect.map(getJson(mailbox(address)), (list) => list as ReadonlyArray<Listed>)

/**
 * Waits for the `index`-th mail (0: the first) of an address whose subject matches, and reads it:
 * the service sends after answering, so a mail arrives a moment after the call.
 */
export const waitForMail = (address: string, options: { readonly subject?: RegExp; readonly index?: number } = {}): Effect.Effect<Mail> =>
  Effect.gen(function*() {
    const listed = yield* mails(address).pipe(
      Effect.map((all) => all.filter((m) => options.subject === undefined || options.subject.test(m.subject))),
      Effect.filterOrFail((all) => all.length > (options.index ?? 0), () => "no mail yet" as const),
      Effect.retry({ schedule: Schedule.spaced("250 millis"), times: 80 }),
      Effect.catch(() => Effect.die(new Error(`No mail for ${address} within 20 s`)))
    )
    const chosen = listed[options.index ?? 0]!
    const full = (yield* getJson(`${mailbox(address)}/${encodeURIComponent(chosen.id)}`)) as { readonly body?: { readonly text?: string } }
    const text = full.body?.text ?? ""
    return { id: chosen.id, subject: chosen.subject, text, variables: templateVariables(text) }
  })

/** A variable of a mail that must be a string (a link, a code). */
export const mailVariable = (mail: Mail, name: string): string => {
  const value = mail.variables[name]
  if (typeof value !== "string") throw new Error(`The mail "${mail.subject}" has no variable ${name}: ${JSON.stringify(mail.variables)}`)
  return value
}

// ----- a suite's own project -----

/** A project a suite made for itself, with a full key set. */
export interface OwnedProject extends ProjectKeys {
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
  readonly ownerEmail: string
}

/**
 * A new project owned by a new user of the environment's project, configured with `config`, and a
 * key set for it: what a developer does on the dashboard before using the SDK.
 */
export const ownedProject = (config: AdminProjects.ConfigUpdate = {}): Effect.Effect<OwnedProject> =>
  Effect.gen(function*() {
    const ownerEmail = uniqueEmail("owner")
    yield* Auth.signUpWithPassword({ email: ownerEmail, password, verificationCallbackUrl })
    const project = yield* OwnedProjects.create({ displayName: `test:real ${runStamp}`, config })
    const adminApp = yield* StackAdminApp.forOwnedProject(project.id)
    const keys = yield* InternalApiKeys.create({
      description: "test:real",
      expiresAt: new Date(Date.now() + 24 * 3_600_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: true
    }).pipe(Effect.provide(Layer.orDie(adminApp)))
    const reveal = (value: Redacted.Redacted<string> | undefined, name: string) => {
      if (value === undefined) throw new Error(`The new key set has no ${name}`)
      return Redacted.value(value)
    }
    return {
      projectId: project.id,
      publishableClientKey: reveal(keys.publishableClientKey, "publishable client key"),
      secretServerKey: reveal(keys.secretServerKey, "secret server key"),
      superSecretAdminKey: reveal(keys.superSecretAdminKey, "super-secret admin key"),
      ownerEmail
    }
  }).pipe(Effect.provide(client()), Effect.orDie)

const owned = new Map<string, Promise<OwnedProject>>()

/**
 * One owned project per configuration for the whole run (made on first use): suites share it
 * instead of each making its own, and address only what they create in it.
 */
export const sharedOwnedProject = (config: AdminProjects.ConfigUpdate = {}): Effect.Effect<OwnedProject> =>
  Effect.promise(() => {
    const key = JSON.stringify(config)
    let made = owned.get(key)
    if (made === undefined) {
      made = Effect.runPromise(ownedProject(config))
      owned.set(key, made)
    }
    return made
  })

/** Runs effects as the client, server or admin app of a suite's project (made on first use). */
export const appsOf = (project: Effect.Effect<OwnedProject>) => ({
  asClient: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(project, (p) => Effect.provide(effect, client(p))),
  asServer: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(project, (p) => Effect.provide(effect, server(p))),
  asAdmin: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(project, (p) => Effect.provide(effect, admin(p)))
})

/** Signs a new user up with a password (a unique e-mail tagged `tag`) on the client app in the context, and reads them. */
export const signUp = (tag: string) =>
  Effect.andThen(
    Auth.signUpWithPassword({ email: uniqueEmail(tag), password, verificationCallbackUrl }),
    Users.getCurrent()
  )

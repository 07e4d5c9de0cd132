/**
 * What a sequence runs with: its target, the projects seeded there through the public API (an
 * owner signed up in `internal`, a project created with the owner's session, its keys made with
 * the owner's admin token, its config set with the admin key), and the exchanges it records.
 */
import type { As, Exchange, Keys, Mail, Req, Target } from "./Wire.ts"
import { mailbox, send } from "./Wire.ts"

/** A seeded project on one side. */
export interface Project {
  readonly keys: Keys & { readonly publishableClientKey: string; readonly secretServerKey: string; readonly superSecretAdminKey: string }
  readonly ownerEmail: string
}

/** A config profile: the `config` a project is patched with after creation. */
export type Profile = "default" | "open" | "teams" | "otp" | "apikeys" | "nosignup" | "passkey" | "oauth" | "fresh"

/** The config each profile sets (the project update's `config` object). */
export const profiles: Record<Profile, Record<string, unknown> | undefined> = {
  default: undefined,
  fresh: undefined,
  open: { client_team_creation_enabled: true, client_user_deletion_enabled: true, allow_user_api_keys: true, allow_team_api_keys: true },
  teams: { client_team_creation_enabled: true, create_team_on_sign_up: true },
  otp: { magic_link_enabled: true },
  apikeys: { allow_user_api_keys: true, allow_team_api_keys: true },
  nosignup: { sign_up_enabled: false },
  passkey: { passkey_enabled: true },
  oauth: { oauth_providers: [{ id: "github", type: "shared" }] }
}

/** Signed-in tokens of a user. */
export interface Tokens {
  readonly userId: string
  readonly accessToken: string
  readonly refreshToken: string
}

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? value as Record<string, unknown> : {})

/** Fails a sequence (recorded as its last step on both sides). */
export class SequenceFailure extends Error {}

/** The per-target pool of seeded projects (one per profile; `fresh` is never shared). */
export class Projects {
  private owner: Promise<Tokens> | undefined
  private readonly pool = new Map<Profile, Promise<Project>>()
  /**
   * Project creations, one at a time: the service records a new project in its owner's metadata
   * by reading and rewriting it, so two creations at once can lose one (the owner then is no
   * admin of it: ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN at key creation).
   */
  private creations: Promise<unknown> = Promise.resolve()
  constructor(readonly target: Target, readonly runId: string) {}

  ownerTokens(): Promise<Tokens> {
    this.owner ??= (async () => {
      const email = `owner-${this.runId}@differential.example.com`
      const answer = await send(this.target, "seed: owner sign-up", {
        method: "POST",
        path: "/auth/password/sign-up",
        body: { email, password: "owner-password-123", verification_callback_url: "http://localhost:3000/handler/email-verification" }
      }, { access: "client", keys: this.target.internal })
      const body = record(answer.body)
      if (answer.status !== 200) throw new Error(`${this.target.name}: owner sign-up answered ${answer.status} ${JSON.stringify(answer.body)}`)
      return { userId: String(body.user_id), accessToken: String(body.access_token), refreshToken: String(body.refresh_token) }
    })()
    return this.owner
  }

  /** A fresh access token of the owner (tokens live 30 s on the real service's dev setup). */
  async ownerAccessToken(): Promise<string> {
    const owner = await this.ownerTokens()
    const answer = await send(this.target, "seed: owner refresh", { method: "POST", path: "/auth/sessions/current/refresh" }, {
      access: "client",
      keys: this.target.internal,
      refreshToken: owner.refreshToken
    })
    const token = record(answer.body).access_token
    if (typeof token !== "string") throw new Error(`${this.target.name}: owner refresh answered ${answer.status} ${JSON.stringify(answer.body)}`)
    return token
  }

  get(profile: Profile): Promise<Project> {
    if (profile === "fresh") return this.create(profile)
    let project = this.pool.get(profile)
    if (project === undefined) {
      project = this.create(profile)
      this.pool.set(profile, project)
    }
    return project
  }

  private async createKeys(projectId: string) {
    return send(this.target, "seed: keys", {
      method: "POST",
      path: "/internal/api-keys",
      body: {
        description: "differential harness",
        expires_at_millis: Date.now() + 7 * 24 * 3600 * 1000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: true
      }
    }, { access: "admin", keys: { projectId }, adminAccessToken: await this.ownerAccessToken() })
  }

  private create(profile: Profile): Promise<Project> {
    const next = this.creations.then(() => this.createNow(profile), () => this.createNow(profile))
    this.creations = next.catch(() => undefined)
    return next
  }

  private async createNow(profile: Profile): Promise<Project> {
    const token = await this.ownerAccessToken()
    const owner = await this.ownerTokens()
    const created = await send(this.target, "seed: create project", {
      method: "POST",
      path: "/internal/projects",
      body: { display_name: `Differential ${profile}` }
    }, { access: "client", keys: this.target.internal, accessToken: token })
    const projectId = record(created.body).id
    if (created.status !== 201 && created.status !== 200 || typeof projectId !== "string") {
      throw new Error(`${this.target.name}: project creation answered ${created.status} ${JSON.stringify(created.body)}`)
    }
    // a loaded real service may not yet see the new project as the owner's: ask again, with a new token
    let keysAnswer = await this.createKeys(projectId)
    for (let attempt = 1; attempt <= 3 && keysAnswer.status === 401; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 2000 * attempt))
      keysAnswer = await this.createKeys(projectId)
    }
    const k = record(keysAnswer.body)
    if (typeof k.super_secret_admin_key !== "string") {
      throw new Error(`${this.target.name}: key creation answered ${keysAnswer.status} ${JSON.stringify(keysAnswer.body)}`)
    }
    const keys = {
      projectId,
      publishableClientKey: String(k.publishable_client_key),
      secretServerKey: String(k.secret_server_key),
      superSecretAdminKey: String(k.super_secret_admin_key)
    }
    const config = profiles[profile]
    if (config !== undefined) {
      const patched = await send(this.target, "seed: config", { method: "PATCH", path: "/internal/projects/current", body: { config } }, { access: "admin", keys })
      if (patched.status !== 200) throw new Error(`${this.target.name}: config answered ${patched.status} ${JSON.stringify(patched.body)}`)
    }
    void owner
    return { keys, ownerEmail: `owner-${this.runId}@differential.example.com` }
  }
}

/** What a sequence gets: send (recorded), quiet helpers (not recorded), mail reads. */
export class Context {
  readonly exchanges: Array<Exchange> = []
  /** Literal values to name in the report (`<user:alice>` instead of a UUID). */
  readonly aliases = new Map<string, string>()
  constructor(readonly target: Target, readonly projects: Projects, readonly runId: string, readonly slug: string) {}

  /** A unique address for this run and sequence (the same on both sides). */
  email(tag = "user"): string {
    return `${this.slug}-${tag}-${this.runId}@differential.example.com`.toLowerCase()
  }

  alias(value: unknown, name: string): void {
    if (typeof value === "string" && value.length > 0) this.aliases.set(value, name)
  }

  project(profile: Profile = "default"): Promise<Project> {
    return this.projects.get(profile)
  }

  /** Sends a request and records the exchange under `label`. */
  async send(label: string, req: Req, as: As): Promise<Exchange> {
    const exchange = await send(this.target, label, req, as)
    this.exchanges.push(exchange)
    return exchange
  }

  /** Sends a request without recording it (set-up steps). */
  quiet(req: Req, as: As): Promise<Exchange> {
    return send(this.target, "quiet", req, as)
  }

  /** Reads a mailbox and records what a user sees of each mail. */
  async mails(label: string, address: string, atLeast = 1): Promise<ReadonlyArray<Mail>> {
    const mails = await mailbox(this.target, address, atLeast)
    mails.forEach((mail, index) => {
      this.exchanges.push({
        label: `${label} #${index + 1}`,
        method: "MAIL",
        path: address,
        status: 0,
        headers: {},
        body: { from: mail.from, to: mail.to, subject: mail.subject, hasText: mail.text.length > 0, hasHtml: mail.html.length > 0 },
        isJson: true
      })
    })
    if (mails.length < atLeast) {
      this.exchanges.push({ label: `${label}: fewer mails than expected`, method: "MAIL", path: address, status: 0, headers: {}, body: { count: mails.length }, isJson: true })
    }
    return mails
  }

  client(project: Project, tokens?: Partial<Tokens>): As {
    return { access: "client", keys: project.keys, accessToken: tokens?.accessToken, refreshToken: tokens?.refreshToken }
  }

  server(project: Project, tokens?: Partial<Tokens>): As {
    return { access: "server", keys: project.keys, accessToken: tokens?.accessToken, refreshToken: tokens?.refreshToken }
  }

  admin(project: Project): As {
    return { access: "admin", keys: project.keys }
  }

  /** Signs a user up with a password (quietly); the tokens and the user id. */
  async signUp(project: Project, email: string, password = "password-123456"): Promise<Tokens> {
    const answer = await this.quiet({ method: "POST", path: "/auth/password/sign-up", body: { email, password, verification_callback_url: "http://localhost:3000/handler/email-verification" } }, this.client(project))
    const body = record(answer.body)
    if (answer.status !== 200) throw new SequenceFailure(`sign-up of ${email} answered ${answer.status} ${JSON.stringify(answer.body)}`)
    this.alias(body.user_id, `user:${email.split("@")[0]!.split("-").slice(-2, -1)[0] ?? "user"}`)
    return { userId: String(body.user_id), accessToken: String(body.access_token), refreshToken: String(body.refresh_token) }
  }

  /** Creates a user with the server key (quietly); its id. */
  async createUser(project: Project, body: Record<string, unknown>): Promise<string> {
    const answer = await this.quiet({ method: "POST", path: "/users", body }, this.server(project))
    const id = record(answer.body).id
    if (answer.status !== 201 && answer.status !== 200 || typeof id !== "string") throw new SequenceFailure(`user creation answered ${answer.status} ${JSON.stringify(answer.body)}`)
    return id
  }

  /** A field of an exchange's JSON body (`a.b.0.c`), or a failure naming it. */
  field(exchange: Exchange, path: string): string {
    let value: unknown = exchange.body
    for (const key of path.split(".")) value = Array.isArray(value) ? value[Number(key)] : record(value)[key]
    if (typeof value !== "string" && typeof value !== "number") throw new SequenceFailure(`${exchange.label}: no ${path} in ${exchange.status} ${JSON.stringify(exchange.body).slice(0, 300)}`)
    return String(value)
  }
}

/**
 * E-mail themes and templates of the emulator (`/internal/email-themes`,
 * `/internal/email-templates`): every project has the service's two default themes and five default
 * templates (same ids, names and template variables; the sources are the emulator's own TSX), plus
 * the ones its admins create. Stored rows override the defaults by id.
 *
 * The emulator's own mails (verification, password reset, sign-in code, invitations) go through
 * the project's templates, so an edited template shows in the mailbox: by default in the form the
 * service's development setup sends (the template's `<Subject .../>` element as the subject, the
 * sources and variables as the body; the default templates' `<Subject .../>` elements are written
 * exactly as the service's, since they reach the subject), or rendered for real
 * (`EmailRendering`: esbuild and React) when the emulator is made with `mailRendering: "rendered"`.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as EmailRendering from "./EmailRendering.ts"
import type { Project, State } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Table from "../state/Table.ts"

/** A theme. */
export interface EmailTheme {
  readonly projectId: string
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
}

/** A template; `themeId` is `null` (project theme), `false` (no theme) or a theme id. */
export interface EmailTemplate {
  readonly projectId: string
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
  readonly themeId: string | null | false | undefined
}

/** The id of the service's default (light) theme. */
export const defaultThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

/** The ids of the service's default templates, by the mail they write. */
export const templateIds = {
  emailVerification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  passwordReset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magicLink: "822687fe-8d0a-4467-a0d1-416b6e639478",
  teamInvitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  signInInvitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc"
} as const

/** Which default template a mail of the emulator is written with. */
export type TemplateKind = keyof typeof templateIds

const themeSource = (page: string, card: string, ink: string) => `import { Html, Head, Body, Container } from "@react-email/components"

export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Head />
      <Body style={{ backgroundColor: "${page}", color: "${ink}", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "${card}", padding: "32px", borderRadius: "8px" }}>
          {children}
        </Container>
      </Body>
    </Html>
  )
}
`

/** A `<Subject value={...} />` element on one line. */
const subjectElement = (expression: string) => `<Subject value={${expression}} />`

/** A template source: its subject element, the variables it needs, and its body markup. */
const templateSource = (subject: string, fields: ReadonlyArray<string>, body: string, preview: Record<string, string>) => `import { type } from "arktype"
import { Subject, NotificationCategory, Props } from "@stackframe/emails"

export const variablesSchema = type({${fields.map((f) => ` ${f}: "string"`).join(",")} })

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  const greeting = user.displayName ? \`Hello \${user.displayName},\` : "Hello,"
  return (
    <>
      ${subject}
      <NotificationCategory value="Transactional" />
      <p>{greeting}</p>
${body}
      <p>If you did not expect this e-mail, you can ignore it.</p>
    </>
  )
}

EmailTemplate.PreviewVariables = ${JSON.stringify(preview)}
`

const defaultThemes: ReadonlyArray<Omit<EmailTheme, "projectId">> = [
  { id: defaultThemeId, displayName: "Default Light", tsxSource: themeSource("#f4f5f7", "#ffffff", "#1f2328") },
  { id: "a0172b5d-cff0-463b-83bb-85124697373a", displayName: "Default Dark", tsxSource: themeSource("#1b1d21", "#000000", "#f0f1f3") }
]

/** The ids of the default themes every project has. */
export const defaultThemeIds: ReadonlyArray<string> = defaultThemes.map((t) => t.id)

const defaultTemplates: ReadonlyArray<Omit<EmailTemplate, "projectId">> = [
  {
    id: templateIds.emailVerification,
    displayName: "Email Verification",
    themeId: undefined,
    tsxSource: templateSource(subjectElement("`Verify your email at ${project.displayName}`"), ["emailVerificationLink"], `      <p>Confirm that this address is yours to finish setting up your account at {project.displayName}.</p>
      <p><a href={variables.emailVerificationLink}>Verify my email</a></p>`, { emailVerificationLink: "<email verification link>" })
  },
  {
    id: templateIds.passwordReset,
    displayName: "Password Reset",
    themeId: undefined,
    tsxSource: templateSource(subjectElement("\"Reset your password at \" + project.displayName"), ["passwordResetLink"], `      <p>Someone asked to reset the password of your account at {project.displayName}.</p>
      <p><a href={variables.passwordResetLink}>Reset my password</a></p>`, { passwordResetLink: "<password reset link>" })
  },
  {
    id: templateIds.magicLink,
    displayName: "Magic Link/OTP",
    themeId: undefined,
    tsxSource: templateSource(subjectElement("\"Sign in to \" + project.displayName + \": Your code is \" + variables.otp"), ["magicLink", "otp"], `      <p>Your one-time code to sign in to {project.displayName}:</p>
      <p style={{ fontSize: "24px", fontFamily: "monospace", fontWeight: "bold" }}>{variables.otp}</p>
      <p>Or sign in with <a href={variables.magicLink}>this link</a>.</p>`, { magicLink: "<magic link>", otp: "3SLSWZ" })
  },
  {
    id: templateIds.teamInvitation,
    displayName: "Team Invitation",
    themeId: undefined,
    tsxSource: templateSource(subjectElement("\"You have been invited to join \" + variables.teamDisplayName"), ["teamDisplayName", "teamInvitationLink"], `      <p>You are invited to the team {variables.teamDisplayName}.</p>
      <p><a href={variables.teamInvitationLink}>Join team</a></p>`, { teamDisplayName: "My Team", teamInvitationLink: "<team invitation link>" })
  },
  {
    id: templateIds.signInInvitation,
    displayName: "Sign In Invitation",
    themeId: undefined,
    // the service writes this element over three lines; the subject shows them
    tsxSource: templateSource("<Subject\n        value={\"You have been invited to sign in to \" + project.displayName}\n      />", ["signInInvitationLink", "teamDisplayName"], `      <p>You are invited to sign in to {project.displayName}.</p>
      <p><a href={variables.signInInvitationLink}>Sign in</a></p>`, { signInInvitationLink: "<sign in invitation link>", teamDisplayName: "My Team" })
  }
]

/** The source of a template created without one. */
export const newTemplateSource = `import { Subject, NotificationCategory, Props } from "@stackframe/emails"

export function EmailTemplate({ user, project }: Props) {
  return (
    <>
      <Subject value={\`Hello \${user.displayName ?? "there"}\`} />
      <NotificationCategory value="Transactional" />
      <p>A message from {project.displayName}. Write yours here.</p>
    </>
  )
}
`

/** The template themes are previewed with. */
export const previewTemplateSource = `import { Heading, Section, Button, Link } from "@react-email/components"

export function EmailTemplate() {
  return (
    <>
      <Heading as="h2">Theme preview</Heading>
      <Section>This is how your e-mails will look.</Section>
      <Button href="https://example.com">A button</Button> <Link href="https://example.com">A link</Link>
    </>
  )
}
`

/** A template that shows ready HTML as it is (custom mails sent with `html`). */
export const htmlTemplateSource = (html: string): string => `export function EmailTemplate() {
  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />
}
`

const themesTable = EmulatorState.extraTable<EmailTheme>("emailThemes")
const templatesTable = EmulatorState.extraTable<EmailTemplate>("emailTemplates")
const key = (projectId: string, id: string) => `${projectId}:${id}`

const merged = <A extends { readonly id: string; readonly projectId: string }>(
  defaults: ReadonlyArray<Omit<A, "projectId">>,
  stored: Table.Table<A>,
  projectId: string
): ReadonlyArray<A> => {
  const own = new Map(Table.filter(stored, (row) => row.projectId === projectId).map((row) => [row.id, row] as const))
  const defaultIds = new Set(defaults.map((d) => d.id))
  // a default keeps its place when the project changed it; the project's own entries follow in
  // the order of their ids (the service keeps them as keys of its stored config, which reads them
  // back sorted), not in the order they were made
  const added = [...own.values()].filter((row) => !defaultIds.has(row.id)).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return [...defaults.map((d) => own.get(d.id) ?? ({ ...d, projectId }) as A), ...added]
}

/** The project's themes: the defaults, then its own. */
export const themes = (state: State, projectId: string): ReadonlyArray<EmailTheme> =>
  merged(defaultThemes, themesTable.get(state), projectId)

/** The project's templates: the defaults, then its own. */
export const templates = (state: State, projectId: string): ReadonlyArray<EmailTemplate> =>
  merged(defaultTemplates, templatesTable.get(state), projectId)

/** Stores (creates or replaces) a theme. */
export const putTheme = (state: State, theme: EmailTheme): State =>
  themesTable.set(state, Table.put(themesTable.get(state), key(theme.projectId, theme.id), theme))

/** Stores (creates or replaces) a template. */
export const putTemplate = (state: State, template: EmailTemplate): State =>
  templatesTable.set(state, Table.put(templatesTable.get(state), key(template.projectId, template.id), template))

// ----- rendering -----

/** A rendered e-mail. `POST /emails/render-email` */
export type Rendered = EmailRendering.Rendered

/** Who and what a template is rendered for. */
export interface RenderVariables {
  readonly projectDisplayName: string
  readonly userDisplayName?: string | null | undefined
  /** The template's variables (links, codes, team names). */
  readonly variables?: Readonly<Record<string, unknown>> | undefined
  /** A preview (dashboard, `render-email`): the template's `PreviewVariables` fill in what is not given. */
  readonly preview?: boolean | undefined
}

/** Renders a template inside a theme (`undefined`: no theme). */
export const render = (
  templateTsx: string,
  themeTsx: string | undefined,
  variables: RenderVariables
): Effect.Effect<Rendered, EmailRendering.EmailRenderError> =>
  EmailRendering.render({
    templateTsx,
    themeTsx,
    project: { displayName: variables.projectDisplayName },
    user: { displayName: variables.userDisplayName ?? (variables.preview === true ? "John Doe" : null) },
    variables: variables.variables,
    preview: variables.preview
  })

/** Wraps ready HTML in a theme, as sending custom HTML does (`undefined`: no theme). */
export const wrapHtml = (
  html: string,
  themeTsx: string | undefined,
  variables: RenderVariables
): Effect.Effect<Rendered, EmailRendering.EmailRenderError> => render(htmlTemplateSource(html), themeTsx, variables)

/** The theme source a template is rendered in: its own, none (`false`), or the project's. */
export const themeSourceFor = (state: State, project: Project, template: EmailTemplate): string | undefined => {
  const projectThemes = themes(state, project.id)
  if (template.themeId === false) return undefined
  const own = typeof template.themeId === "string" ? projectThemes.find((t) => t.id === template.themeId) : undefined
  return (own ?? projectThemes.find((t) => t.id === project.config.emailTheme) ?? projectThemes[0])?.tsxSource
}

/** The variables each kind of mail carries beyond the project's and the user's names, in the service's order. */
const kindVariables: Record<TemplateKind, ReadonlyArray<string>> = {
  emailVerification: ["emailVerificationLink"],
  passwordReset: ["passwordResetLink"],
  magicLink: ["magicLink", "otp"],
  teamInvitation: ["teamInvitationLink", "teamDisplayName"],
  signInInvitation: ["signInInvitationLink", "teamDisplayName"]
}

/**
 * The variables a mail of a kind is written with, as the service passes them: the project's
 * display name, the user's (`""` without a user or a name), then the kind's own (links, codes),
 * in that order; any other given variable after them.
 */
export const mailVariables = (
  kind: TemplateKind,
  projectDisplayName: string,
  userDisplayName: string | null | undefined,
  given: Readonly<Record<string, unknown>>
): Record<string, unknown> => {
  const ordered: Record<string, unknown> = { projectDisplayName, userDisplayName: userDisplayName ?? "" }
  for (const key of kindVariables[kind]) if (given[key] !== undefined) ordered[key] = given[key]
  for (const [key, value] of Object.entries(given)) if (!(key in ordered) && value !== undefined) ordered[key] = value
  return ordered
}

/** Renders one of the project's default-kind templates (as edited by its admins) for a mail. */
export const renderKind = (
  state: State,
  project: Project,
  kind: TemplateKind,
  input: { readonly userDisplayName?: string | null | undefined; readonly variables: Readonly<Record<string, unknown>> }
): Effect.Effect<Rendered, EmailRendering.EmailRenderError> => {
  const template = templates(state, project.id).find((t) => t.id === templateIds[kind])!
  return render(template.tsxSource, themeSourceFor(state, project, template), {
    projectDisplayName: project.displayName,
    userDisplayName: input.userDisplayName,
    variables: mailVariables(kind, project.displayName, input.userDisplayName, input.variables)
  })
}

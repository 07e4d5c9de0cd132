/**
 * E-mail themes and templates of the emulator (SPEC §3 "Email theme and template", §7 Admin
 * calls): every project has the service's two default themes and five default templates (same
 * ids and names; sources are the emulator's own), plus the ones its admins create. Stored rows
 * override the defaults by id.
 *
 * Rendering understands a small subset of TSX, enough for previews and their errors: the source
 * must define `EmailTheme` (themes) or `EmailTemplate` (templates), its brackets must balance,
 * `<Subject value=.../>` and `<NotificationCategory value=.../>` are read, `{children}` in a theme
 * takes the template's markup, `{project.displayName}` and `{user.displayName}` are filled in,
 * and a top-level `throw new Error("...")` fails with that message.
 *
 * @since 0.1.0
 */
import type { State } from "./EmulatorState.ts"
import * as EmulatorState from "./EmulatorState.ts"
import * as Table from "./Table.ts"

/** A theme. SPEC §3 */
export interface EmailTheme {
  readonly projectId: string
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
}

/** A template; `themeId` is `null` (project theme), `false` (no theme) or a theme id. SPEC §3 */
export interface EmailTemplate {
  readonly projectId: string
  readonly id: string
  readonly displayName: string
  readonly tsxSource: string
  readonly themeId: string | null | false | undefined
}

/** The id of the service's default (light) theme. SPEC §3 */
export const defaultThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

const themeSource = (name: string) => `export function EmailTheme({ children }) {
  return (
    <div className="theme-${name}">{children}</div>
  )
}`

const templateSource = (subject: string, body: string) => `// Subject and NotificationCategory come from the service's e-mail components

export function EmailTemplate({ user, project, variables }) {
  return (
    <>
      <Subject value="${subject}" />
      <NotificationCategory value="Transactional" />
      <p>${body}</p>
    </>
  )
}`

const defaultThemes: ReadonlyArray<Omit<EmailTheme, "projectId">> = [
  { id: defaultThemeId, displayName: "Default Light", tsxSource: themeSource("light") },
  { id: "a0172b5d-cff0-463b-83bb-85124697373a", displayName: "Default Dark", tsxSource: themeSource("dark") }
]

const defaultTemplates: ReadonlyArray<Omit<EmailTemplate, "projectId">> = [
  { id: "e7d009ce-8d47-4528-b245-5bf119f2ffa3", displayName: "Email Verification", themeId: undefined, tsxSource: templateSource("Confirm your e-mail for {project.displayName}", "Open the link to confirm this address.") },
  { id: "a70fb3a4-56c1-4e42-af25-49d25603abd0", displayName: "Password Reset", themeId: undefined, tsxSource: templateSource("New password for {project.displayName}", "Open the link to choose a new password.") },
  { id: "822687fe-8d0a-4467-a0d1-416b6e639478", displayName: "Magic Link/OTP", themeId: undefined, tsxSource: templateSource("Your sign-in code for {project.displayName}", "Use the code or the link to sign in.") },
  { id: "e84de395-2076-4831-9c19-8e9a96a868e4", displayName: "Team Invitation", themeId: undefined, tsxSource: templateSource("A team invitation", "Open the link to join the team.") },
  { id: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc", displayName: "Sign In Invitation", themeId: undefined, tsxSource: templateSource("An invitation to {project.displayName}", "Open the link to create your account.") }
]

/** The source of a template created without one. SPEC §3 */
export const newTemplateSource = templateSource("Hello {user.displayName}", "Write your message here.")

/** The template themes are previewed with. SPEC §7 */
export const previewTemplateSource = templateSource("Theme preview", "This is how your e-mails will look.")

const themesTable = EmulatorState.extraTable<EmailTheme>("emailThemes")
const templatesTable = EmulatorState.extraTable<EmailTemplate>("emailTemplates")
const key = (projectId: string, id: string) => `${projectId}:${id}`

const merged = <A extends { readonly id: string; readonly projectId: string }>(
  defaults: ReadonlyArray<Omit<A, "projectId">>,
  stored: Table.Table<A>,
  projectId: string
): ReadonlyArray<A> => {
  const own = Table.filter(stored, (row) => row.projectId === projectId)
  const overridden = new Set(own.map((row) => row.id))
  return [...defaults.filter((d) => !overridden.has(d.id)).map((d) => ({ ...d, projectId }) as A), ...own]
}

/** The project's themes: the defaults, then its own. SPEC §3 */
export const themes = (state: State, projectId: string): ReadonlyArray<EmailTheme> =>
  merged(defaultThemes, themesTable.get(state), projectId)

/** The project's templates: the defaults, then its own. SPEC §3 */
export const templates = (state: State, projectId: string): ReadonlyArray<EmailTemplate> =>
  merged(defaultTemplates, templatesTable.get(state), projectId)

/** Stores (creates or replaces) a theme. SPEC §7 */
export const putTheme = (state: State, theme: EmailTheme): State =>
  themesTable.set(state, Table.put(themesTable.get(state), key(theme.projectId, theme.id), theme))

/** Stores (creates or replaces) a template. SPEC §7 */
export const putTemplate = (state: State, template: EmailTemplate): State =>
  templatesTable.set(state, Table.put(templatesTable.get(state), key(template.projectId, template.id), template))

// ----- rendering -----

/** A rendered e-mail. SPEC §7 `POST /emails/render-email` */
export interface Rendered {
  readonly html: string
  readonly text: string
  readonly subject: string | undefined
  readonly notificationCategory: string | undefined
}

/** What fills the `{project.displayName}` and `{user.displayName}` placeholders. */
export interface RenderVariables {
  readonly projectDisplayName: string
  readonly userDisplayName?: string | null | undefined
}

const balanced = (source: string): boolean => {
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" }
  const stack: Array<string> = []
  for (const char of source) {
    if (char === "(" || char === "[" || char === "{") stack.push(char)
    else if (char in pairs && stack.pop() !== pairs[char]) return false
  }
  return stack.length === 0
}

const literalValue = (source: string, tag: string): string | undefined => {
  const match = new RegExp(`<${tag}\\s+value=(?:"([^"]*)"|\\{\\s*["'\`]([^"'\`]*)["'\`]\\s*\\})\\s*/>`).exec(source)
  return match === null ? undefined : (match[1] ?? match[2])
}

/** The JSX a component returns: the body of its outermost `return ( ... )`. */
const returnedMarkup = (source: string): string => {
  const start = source.indexOf("return (")
  if (start < 0) return ""
  let depth = 0
  for (let i = start + "return ".length; i < source.length; i++) {
    if (source[i] === "(") depth++
    else if (source[i] === ")" && --depth === 0) return source.slice(start + "return (".length, i).trim()
  }
  return ""
}

const fill = (text: string, variables: RenderVariables) =>
  text
    .replaceAll("{project.displayName}", variables.projectDisplayName)
    .replaceAll("{user.displayName}", variables.userDisplayName ?? "")

const check = (source: string, component: "EmailTheme" | "EmailTemplate"): string | undefined => {
  const thrown = /^\s*throw new Error\(\s*["'`]([^"'`]*)["'`]\s*\)/m.exec(source)
  if (thrown !== null) return thrown[1]!
  if (!balanced(source)) return `Could not parse the ${component} source: unbalanced brackets`
  if (!new RegExp(`export\\s+function\\s+${component}\\b`).test(source)) return `The source does not export a function ${component}`
  return undefined
}

/** Renders a template inside a theme (`undefined`: no theme); an `Error` carries the rendering error. SPEC §7 */
export const render = (
  templateTsx: string,
  themeTsx: string | undefined,
  variables: RenderVariables
): { readonly _tag: "Ok"; readonly value: Rendered } | { readonly _tag: "Error"; readonly message: string } => {
  const templateError = check(templateTsx, "EmailTemplate") ?? (themeTsx === undefined ? undefined : check(themeTsx, "EmailTheme"))
  if (templateError !== undefined) return { _tag: "Error", message: templateError }
  const body = returnedMarkup(templateTsx)
    .replace(/<Subject\b[^>]*\/>/g, "")
    .replace(/<NotificationCategory\b[^>]*\/>/g, "")
    .replace(/<\/?>/g, "")
    .trim()
  const wrapped = themeTsx === undefined ? body : returnedMarkup(themeTsx).replace("{children}", body)
  const html = fill(wrapped, variables)
  const subject = literalValue(templateTsx, "Subject")
  return {
    _tag: "Ok",
    value: {
      html,
      text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(),
      subject: subject === undefined ? undefined : fill(subject, variables),
      notificationCategory: literalValue(templateTsx, "NotificationCategory")
    }
  }
}

/** Wraps ready HTML in a theme, as sending custom HTML does (`undefined`: no theme). SPEC §7 */
export const wrapHtml = (html: string, themeTsx: string | undefined, variables: RenderVariables): string =>
  themeTsx === undefined || check(themeTsx, "EmailTheme") !== undefined
    ? html
    : fill(returnedMarkup(themeTsx).replace("{children}", html), variables)

/**
 * E-mail rendering in the emulator. By default ({@link MailRenderingMode} `"development"`) nothing
 * is compiled: like the service's development setup, a rendering answers {@link developmentForm}
 * (the template's subject element, the sources and variables listed). With `"rendered"`, a
 * template's TSX and its theme's TSX are compiled
 * with esbuild and run as React components, rendered to static HTML by `react-dom/server`, and
 * turned into plain text by `html-to-text`, as the service does with its own toolchain. Whatever
 * JavaScript a template holds runs for real (template literals, conditionals, helper functions).
 *
 * What a template may import: `react`, `@stackframe/emails` (`Subject`, `NotificationCategory`),
 * `arktype` (`type({...})` for `variablesSchema`; the emulator checks only `"string"`,
 * `"number"` and `"boolean"` fields) and `@react-email/components`, whose components the emulator
 * stands in for with plain HTML elements (no Tailwind inlining: class names stay as they are).
 *
 * Rendering runs in a separate V8 context with a time limit ({@link defaultTimeoutMillis}), so a
 * template that loops forever fails with an error instead of hanging the emulator. The context is
 * a time box, not a security boundary: templates are written by the project's admins. The
 * compiler and React are loaded on the first render only, so the emulator's other routes (and the
 * SDK) never load them.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/**
 * How the emulator writes its mails and renders templates:
 * - `"development"` (the default): as the service's development setup does, which renders nothing
 *   (its rendering key is a mock): the subject is `Mock subject, ` and the template's first
 *   `<Subject .../>` element as written in its source, and the HTML and text bodies list the
 *   template's source, the theme's source and the variables as JSON ({@link developmentForm});
 * - `"rendered"`: the template runs inside its theme for real ({@link render}), as the hosted
 *   service sends mails.
 */
export type MailRendering = "development" | "rendered"

/** The mode of the running emulator; `"development"` unless the emulator was made with another. */
export const MailRenderingMode: Context.Reference<MailRendering> = Context.Reference<MailRendering>(
  "stack-auth-effect/emulator/MailRendering",
  { defaultValue: () => "development" }
)

/** The theme a template is listed with when it is sent without one (`theme_id: false`). */
export const bareThemeSource = `export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <>{children}</>
}
`

/** What the development form is written from. */
export interface DevelopmentInput {
  readonly templateTsx: string
  /** `undefined`: no theme ({@link bareThemeSource} is listed). */
  readonly themeTsx: string | undefined
  /** Printed as given (JSON, in the given key order); `{}` when absent. */
  readonly variables?: Readonly<Record<string, unknown>> | undefined
}

/** The subject the development setup gives a template: its first `<Subject .../>` element as written. */
export const developmentSubject = (templateTsx: string): string =>
  `Mock subject, ${/<Subject\s+[^>]*\/>/.exec(templateTsx)?.[0] ?? "undefined"}`

/** The category the development setup reports for every template. */
export const developmentCategory = "mock notification category"

/**
 * A mail as the service's development setup writes it: nothing rendered; the body (HTML and text
 * alike) lists the template source, the theme source and the variables.
 */
export const developmentForm = (input: DevelopmentInput): Rendered => {
  const body = `<div>Mock api key detected, \n\ntemplateComponent: ${input.templateTsx}\n\nthemeComponent: ${
    input.themeTsx ?? bareThemeSource
  }\n\n variables: ${JSON.stringify(input.variables ?? {})}</div>`
  return { html: body, text: body, subject: developmentSubject(input.templateTsx), notificationCategory: developmentCategory }
}

/** A template could not be compiled or rendered (syntax error, thrown error, time limit). */
export class EmailRenderError extends Schema.TaggedError<EmailRenderError>()("EmailRenderError", {
  message: Schema.String
}) {}

/** What a template renders to. `POST /emails/render-email` */
export interface Rendered {
  readonly html: string
  readonly text: string
  readonly subject: string | undefined
  readonly notificationCategory: string | undefined
}

/** What one rendering takes. */
export interface RenderInput {
  /** The template's TSX: exports `EmailTemplate` (and optionally `variablesSchema`). */
  readonly templateTsx: string
  /** The theme's TSX (exports `EmailTheme`), or `undefined` to render the template bare. */
  readonly themeTsx: string | undefined
  readonly project: { readonly displayName: string }
  readonly user: { readonly displayName: string | null }
  readonly variables?: Readonly<Record<string, unknown>> | undefined
  /** A preview: the template's `EmailTemplate.PreviewVariables` fill in the variables not given. */
  readonly preview?: boolean | undefined
  /** Milliseconds the template's code may run; {@link defaultTimeoutMillis} by default. */
  readonly timeoutMillis?: number | undefined
}

/** How long a template's code may run by default: 2 seconds. */
export const defaultTimeoutMillis = 2_000

interface Toolchain {
  readonly compile: (source: string, file: string) => Promise<string>
  readonly run: (input: RenderInput, template: string, theme: string | undefined) => Omit<Rendered, "text">
  readonly toText: (html: string) => string
}

// ----- the modules a template may import -----

type Props = Readonly<Record<string, unknown>> & { readonly children?: unknown }

/** Stand-ins for `@react-email/components`: the same names, rendering plain HTML elements. */
const reactEmailStandIns = (
  h: (type: unknown, props: Props) => unknown,
  hs: (type: unknown, props: Props) => unknown,
  Fragment: unknown
) => {
  const element = (tag: string, extra: (props: Props) => Props = () => ({})) => (props: Props) => h(tag, { ...props, ...extra(props) })
  return {
    Html: element("html", (p) => ({ lang: p.lang ?? "en", dir: p.dir ?? "ltr" })),
    // static children (jsxs): no keys needed
    Head: (props: Props) => hs("head", { ...props, children: [h("meta", { charSet: "utf-8" }), props.children] }),
    Body: element("body"),
    Container: element("div", (p) => ({ style: { maxWidth: "37.5em", margin: "0 auto", ...(p.style as object) } })),
    Section: element("div"),
    Row: element("div"),
    Column: element("div", (p) => ({ style: { display: "inline-block", ...(p.style as object) } })),
    Button: element("a"),
    Link: element("a"),
    Text: element("p"),
    Heading: (props: Props) => {
      const { as, ...rest } = props
      return h(typeof as === "string" ? as : "h1", rest)
    },
    Hr: element("hr"),
    Img: element("img"),
    Preview: (props: Props) => h("div", { style: { display: "none" }, children: props.children }),
    Tailwind: (props: Props) => h(Fragment, { children: props.children }),
    Font: () => null
  }
}

/** A tiny `arktype` stand-in: `type({ key: "string", "optional?": "number" })` checks those fields. */
const arktypeStandIn = () => {
  class ArkErrors {
    readonly summary: string
    constructor(summary: string) {
      this.summary = summary
    }
  }
  const type = (definition: unknown) => {
    const check = (value: unknown): unknown => {
      if (typeof definition !== "object" || definition === null) return value
      const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>
      const problems: Array<string> = []
      for (const [rawKey, kind] of Object.entries(definition)) {
        const optional = rawKey.endsWith("?")
        const key = optional ? rawKey.slice(0, -1) : rawKey
        if (kind !== "string" && kind !== "number" && kind !== "boolean") continue
        const field = record[key]
        if (field === undefined) {
          if (!optional) problems.push(`${key} must be a ${kind} (was missing)`)
        } else if (typeof field !== kind) problems.push(`${key} must be a ${kind} (was ${typeof field})`)
      }
      return problems.length === 0 ? value : new ArkErrors(problems.join("\n"))
    }
    return check
  }
  return { type: Object.assign(type, { errors: ArkErrors }) }
}

const loadToolchain = async (): Promise<Toolchain> => {
  const [esbuild, vm, React, jsxRuntime, server, htmlToText] = await Promise.all([
    import("esbuild"),
    import("node:vm"),
    import("react"),
    import("react/jsx-runtime"),
    import("react-dom/server"),
    import("html-to-text")
  ])
  const h = (type: unknown, props: Props) => jsxRuntime.jsx(type as never, props)
  const hs = (type: unknown, props: Props) => jsxRuntime.jsxs(type as never, props)
  const components = reactEmailStandIns(h, hs, jsxRuntime.Fragment)
  const arktype = arktypeStandIn()

  const compile = async (source: string, file: string) =>
    (await esbuild.transform(source, { loader: "tsx", format: "cjs", jsx: "automatic", target: "es2022", sourcefile: file })).code

  const run = (input: RenderInput, template: string, theme: string | undefined) => {
    const found: { subject?: string; notificationCategory?: string } = {}
    const Subject = (props: { readonly value?: unknown }) => {
      found.subject = String(props.value)
      return null
    }
    const NotificationCategory = (props: { readonly value?: unknown }) => {
      found.notificationCategory = String(props.value)
      return null
    }
    const modules: Record<string, unknown> = {
      react: React,
      "react/jsx-runtime": jsxRuntime,
      "react/jsx-dev-runtime": jsxRuntime,
      "@stackframe/emails": { Subject, NotificationCategory },
      "@react-email/components": components,
      arktype
    }
    const require = (name: string) => {
      if (name in modules) return modules[name]
      throw new Error(`Cannot import "${name}" in an e-mail template (the emulator offers: ${Object.keys(modules).join(", ")})`)
    }
    const render = (templateModule: Record<string, unknown>, themeModule: Record<string, unknown> | null) => {
      const EmailTemplate = templateModule.EmailTemplate
      if (typeof EmailTemplate !== "function") throw new Error("The template does not export a function EmailTemplate")
      const EmailTheme = themeModule?.EmailTheme
      if (themeModule !== null && typeof EmailTheme !== "function") throw new Error("The theme does not export a function EmailTheme")
      const schema = templateModule.variablesSchema
      const previewVariables = (EmailTemplate as { PreviewVariables?: unknown }).PreviewVariables
      const given = {
        ...(input.preview === true && typeof previewVariables === "object" ? previewVariables : {}),
        ...input.variables
      }
      const variables = typeof schema === "function" ? schema(given) : given
      if (variables instanceof arktype.type.errors) throw new Error(variables.summary)
      const body = h(EmailTemplate, { user: input.user, project: input.project, variables })
      return server.renderToStaticMarkup((EmailTheme === undefined ? body : h(EmailTheme, { children: body })) as never)
    }
    const context = vm.createContext({ __require: require, __render: render, __template: template, __theme: theme ?? null })
    const html = vm.runInContext(
      `(() => {
        const load = (code) => {
          const module = { exports: {} }
          new Function("require", "module", "exports", code)(__require, module, module.exports)
          return module.exports
        }
        return __render(load(__template), __theme === null ? null : load(__theme))
      })()`,
      context,
      { timeout: input.timeoutMillis ?? defaultTimeoutMillis }
    ) as string
    return { html, subject: found.subject, notificationCategory: found.notificationCategory }
  }

  const toText = (html: string) =>
    htmlToText.convert(html, {
      wordwrap: false,
      selectors: [
        { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
        { selector: "img", format: "skip" }
      ]
    })

  return { compile, run, toText }
}

let toolchain: Promise<Toolchain> | undefined
const compiled = new Map<string, Promise<string>>()
const maxCompiled = 200

const compileCached = (tools: Toolchain, source: string, file: string): Promise<string> => {
  const cached = compiled.get(source)
  if (cached !== undefined) return cached
  if (compiled.size >= maxCompiled) compiled.delete(compiled.keys().next().value!)
  const result = tools.compile(source, file)
  compiled.set(source, result)
  result.catch(() => compiled.delete(source))
  return result
}

const messageOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null && "errors" in error && Array.isArray(error.errors) && error.errors.length > 0) {
    const first = error.errors[0] as { text?: string; location?: { file?: string; line?: number; column?: number } | null }
    const where = first.location == null ? "" : ` (${first.location.file}:${first.location.line}:${first.location.column})`
    return `Could not compile the e-mail: ${first.text ?? "syntax error"}${where}`
  }
  // errors thrown by a template come from its own V8 context: not `instanceof Error` here
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message
  return String(error)
}

/**
 * Renders a template inside its theme (or bare) as the emulator's {@link MailRenderingMode} says:
 * the development form (never fails), or compiled and run for real.
 */
export const render = (input: RenderInput): Effect.Effect<Rendered, EmailRenderError> =>
  Effect.gen(function*() {
    const mode = yield* MailRenderingMode
    if (mode === "development") return developmentForm({ templateTsx: input.templateTsx, themeTsx: input.themeTsx, variables: input.variables })
    return yield* renderForReal(input)
  })

/** Compiles and renders a template inside its theme (or bare), whatever the mode. */
export const renderForReal = (input: RenderInput): Effect.Effect<Rendered, EmailRenderError> =>
  Effect.tryPromise({
    try: async () => {
      toolchain ??= loadToolchain()
      const tools = await toolchain.catch((error: unknown) => {
        toolchain = undefined
        throw new Error(`E-mail rendering needs the packages esbuild, react, react-dom and html-to-text: ${messageOf(error)}`)
      })
      const [template, theme] = await Promise.all([
        compileCached(tools, input.templateTsx, "template.tsx"),
        input.themeTsx === undefined ? undefined : compileCached(tools, input.themeTsx, "theme.tsx")
      ])
      const rendered = tools.run(input, template, theme)
      return { ...rendered, text: tools.toText(rendered.html) }
    },
    catch: (error) => new EmailRenderError({ message: messageOf(error) })
  })

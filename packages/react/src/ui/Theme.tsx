/**
 * Branding and texts of the prebuilt components: an `appearance` in the manner of
 * Clerk's `appearance.variables` (colours, radius, font, spacing; light, dark or the system's
 * choice) and the messages table with the app's overrides. `StackProvider` takes both as props;
 * {@link StackTheme} sets them for part of a tree. {@link ThemeRoot} is the scoped root every
 * prebuilt component renders in: it injects the style sheet once and applies the variables.
 *
 * @since 0.1.0
 */
import { type CSSProperties, createContext, type ReactNode, use, useMemo } from "react"
import { defaultMessages, mergeMessages, type Messages, type MessagesOverride } from "../messages.ts"
import { styles } from "./styles.ts"

/** The design tokens an app can set (any CSS value). */
export interface AppearanceVariables {
  /** Buttons, links, focus rings, selected tabs. */
  readonly colorPrimary?: string
  /** Text on primary buttons. */
  readonly colorTextOnPrimary?: string
  /** Card and dialog background. */
  readonly colorBackground?: string
  /** Background around the card on handler pages. */
  readonly colorPageBackground?: string
  readonly colorText?: string
  readonly colorTextSecondary?: string
  readonly colorInputBackground?: string
  readonly colorBorder?: string
  readonly colorDanger?: string
  readonly colorSuccess?: string
  /** Corner radius of inputs and buttons (cards use 1.5 times it). */
  readonly borderRadius?: string
  /** The base spacing unit (`1rem`). */
  readonly spacingUnit?: string
  readonly fontFamily?: string
  readonly fontSize?: string
}

/** How the prebuilt components look. */
export interface Appearance {
  /** `light`, `dark`, or `auto` (default: follows `prefers-color-scheme`). */
  readonly theme?: "light" | "dark" | "auto"
  readonly variables?: AppearanceVariables
  /** A logo shown above the card's title instead of the project's initial. */
  readonly logoUrl?: string
}

const variableNames: Readonly<Record<keyof AppearanceVariables, string>> = {
  colorPrimary: "--sae-primary",
  colorTextOnPrimary: "--sae-on-primary",
  colorBackground: "--sae-bg",
  colorPageBackground: "--sae-page",
  colorText: "--sae-text",
  colorTextSecondary: "--sae-muted",
  colorInputBackground: "--sae-input",
  colorBorder: "--sae-border",
  colorDanger: "--sae-danger",
  colorSuccess: "--sae-success",
  borderRadius: "--sae-radius",
  spacingUnit: "--sae-space",
  fontFamily: "--sae-font",
  fontSize: "--sae-font-size"
}

/** The CSS custom properties for an appearance's variables (inline style of the root). */
export const cssVariables = (variables: AppearanceVariables | undefined): CSSProperties => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(variables ?? {})) {
    const property = variableNames[name as keyof AppearanceVariables]
    if (property !== undefined && typeof value === "string") out[property] = value
  }
  return out as CSSProperties
}

/** What the components below read: the appearance and the merged messages. */
export interface ThemeValue {
  readonly appearance: Appearance
  readonly messages: Messages
}

const ThemeContext = createContext<ThemeValue>({ appearance: {}, messages: defaultMessages })

/** Props of {@link StackTheme}. */
export interface StackThemeProps {
  readonly appearance?: Appearance | undefined
  readonly messages?: MessagesOverride | undefined
  readonly children?: ReactNode
}

/** Sets the appearance and message overrides for the components below (on top of any outer one). */
export function StackTheme(props: StackThemeProps): ReactNode {
  const outer = use(ThemeContext)
  const value = useMemo<ThemeValue>(() => ({
    appearance: props.appearance === undefined
      ? outer.appearance
      : { ...outer.appearance, ...props.appearance, variables: { ...outer.appearance.variables, ...props.appearance.variables } },
    messages: mergeMessages(outer.messages, props.messages)
  }), [outer, props.appearance, props.messages])
  return <ThemeContext value={value}>{props.children}</ThemeContext>
}

/** The current appearance and messages. */
export const useTheme = (): ThemeValue => use(ThemeContext)

/** The messages table with the app's overrides. */
export const useMessages = (): Messages => use(ThemeContext).messages

/** The style sheet, injected once per document (hoisted into `<head>` by React, on the server too). */
export function StyleSheet(): ReactNode {
  return <style href="stack-auth-effect" precedence="stack-auth-effect">{styles}</style>
}

/**
 * The scoped root of the design system: the style sheet, the `sae-root` class with the theme and
 * the app's variables. Every prebuilt component renders in one; nesting is harmless.
 */
export function ThemeRoot(props: { readonly children?: ReactNode; readonly className?: string; readonly testId?: string }): ReactNode {
  const { appearance } = useTheme()
  const theme = appearance.theme ?? "auto"
  return (
    <div
      className={props.className === undefined ? "sae-root" : `sae-root ${props.className}`}
      data-sae-theme={theme === "auto" ? undefined : theme}
      style={cssVariables(appearance.variables)}
      data-testid={props.testId}
    >
      <StyleSheet />
      {props.children}
    </div>
  )
}

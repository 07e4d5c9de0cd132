/**
 * @stack-auth-effect/react: the React 19 adapter. A provider that owns the app's
 * Effect runtime, hooks over the SDK's query cache (suspending `useX`, non-suspending
 * `useXQuery`), mutations, the `/handler` pages, and the design system they are built from
 * (themeable with `appearance`, every text in one overridable messages table).
 *
 * It holds no auth logic of its own: every hook runs the SDK's effects and reads its cache.
 *
 * @since 0.1.0
 * @module
 */
export * from "./hooks.ts"
export * from "./StackProvider.tsx"
export * from "./StackRuntime.ts"
export * from "./useQuery.ts"
export * from "./useOnMount.ts"
export * from "./handler/StackHandler.tsx"
export { useHandler, type Handler, HandlerContext, type HandlerOptions, defaultDashboardUrl } from "./handler/HandlerContext.tsx"
export * as HandlerMessages from "./handler/messages.ts"
export * as HandlerUi from "./handler/ui.tsx"
export * from "./messages.ts"
export * from "./ui/Theme.tsx"
export * from "./ui/primitives.tsx"
export * from "./ui/ErrorBoundary.tsx"
export * from "./ui/ProviderIcons.tsx"
export { styles } from "./ui/styles.ts"
export * from "./ssr.ts"
export { SignIn, OAuthButtonGroup, type OAuthButtonGroupProps, PasskeyButton, CodeSignIn } from "./components/SignIn.tsx"
export { SignUp } from "./components/SignUp.tsx"
export { passwordMinLength, passwordMaxLength, passwordProblem } from "./components/passwordRules.ts"
export { AccountSettings, type AccountSection, type AccountSettingsProps, accountSections, type SectionEntry } from "./account/AccountSettings.tsx"
export { UserButton, type UserButtonProps } from "./account/UserButton.tsx"
export { SelectedTeamSwitcher, type SelectedTeamSwitcherProps } from "./account/SelectedTeamSwitcher.tsx"
export { TeamSettings, type TeamSettingsProps } from "./team/TeamSettings.tsx"

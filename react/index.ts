/**
 * stack-auth-effect/react: the React 19 adapter (SPEC §2, §9). A provider that owns the app's
 * Effect runtime, hooks over the SDK's query cache (suspending `useX`, non-suspending
 * `useXQuery`), mutations, and the `/handler` pages.
 *
 * It holds no auth logic of its own: every hook runs the SDK's effects and reads its cache.
 *
 * @since 0.1.0
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
export { AccountSettings, type AccountSection, type AccountSettingsProps, accountSections } from "./account/AccountSettings.tsx"
export { UserButton, type UserButtonProps } from "./account/UserButton.tsx"
export { SelectedTeamSwitcher, type SelectedTeamSwitcherProps } from "./account/SelectedTeamSwitcher.tsx"
export { TeamSettings, type TeamSettingsProps } from "./team/TeamSettings.tsx"
export { AccountStyles, accountCss } from "./account/styles.tsx"
export * as AccountMessages from "./account/messages.ts"

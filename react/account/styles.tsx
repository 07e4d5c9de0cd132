/**
 * The styles of the account and team components (SPEC §2): scoped `sae-` class names, colours,
 * radius and spacing from CSS custom properties (light and dark by `prefers-color-scheme`), shipped
 * as one deduplicated `<style>` that React 19 hoists into the document head (also when rendered on
 * the server): no build configuration needed.
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"

/** The CSS of the account and team components. SPEC §2 */
export const accountCss = `
.sae-account, .sae-user-button, .sae-team-switcher, .sae-dialog, .sae-menu {
  --sae-a-bg: var(--sae-color-background, #ffffff);
  --sae-a-surface: var(--sae-color-surface, #f6f7f9);
  --sae-a-text: var(--sae-color-text, #16181d);
  --sae-a-muted: var(--sae-color-muted, #5b6270);
  --sae-a-border: var(--sae-color-border, #d9dde3);
  --sae-a-primary: var(--sae-color-primary, #3451d1);
  --sae-a-on-primary: var(--sae-color-on-primary, #ffffff);
  --sae-a-danger: var(--sae-color-danger, #b42318);
  --sae-a-success: var(--sae-color-success, #067647);
  --sae-a-warning: var(--sae-color-warning, #93370d);
  --sae-a-radius: var(--sae-radius, 8px);
  --sae-a-space: var(--sae-space, 8px);
  --sae-a-font: var(--sae-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-family: var(--sae-a-font);
  color: var(--sae-a-text);
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  .sae-account, .sae-user-button, .sae-team-switcher, .sae-dialog, .sae-menu {
    --sae-a-bg: var(--sae-color-background, #14161b);
    --sae-a-surface: var(--sae-color-surface, #1d2027);
    --sae-a-text: var(--sae-color-text, #eceef2);
    --sae-a-muted: var(--sae-color-muted, #a3aab8);
    --sae-a-border: var(--sae-color-border, #343945);
    --sae-a-primary: var(--sae-color-primary, #8fa2ff);
    --sae-a-on-primary: var(--sae-color-on-primary, #0c1233);
    --sae-a-danger: var(--sae-color-danger, #ff8a80);
    --sae-a-success: var(--sae-color-success, #6ce9a6);
    --sae-a-warning: var(--sae-color-warning, #fec84b);
  }
}
.sae-account *, .sae-dialog *, .sae-menu * { box-sizing: border-box; }
.sae-account { background: var(--sae-a-surface); border-radius: calc(var(--sae-a-radius) * 2); padding: calc(var(--sae-a-space) * 2); }
.sae-account .sae-account { background: transparent; padding: 0; }
.sae-account-layout { display: grid; grid-template-columns: 200px minmax(0, 1fr); gap: calc(var(--sae-a-space) * 3); align-items: start; }
.sae-account-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; }
.sae-account-nav a { display: block; padding: 6px 10px; border-radius: var(--sae-a-radius); color: var(--sae-a-text); text-decoration: none; }
.sae-account-nav a:hover { background: var(--sae-a-surface); }
.sae-account-nav a[aria-current="page"] { background: var(--sae-a-surface); color: var(--sae-a-primary); font-weight: 600; }
@media (max-width: 720px) {
  .sae-account-layout { grid-template-columns: minmax(0, 1fr); }
  .sae-account-nav ul { flex-direction: row; overflow-x: auto; padding-bottom: 4px; }
  .sae-account-nav a { white-space: nowrap; }
}
.sae-section { background: var(--sae-a-bg); border: 1px solid var(--sae-a-border); border-radius: calc(var(--sae-a-radius) * 1.5); padding: calc(var(--sae-a-space) * 3); display: flex; flex-direction: column; gap: calc(var(--sae-a-space) * 2); }
.sae-section-title { font-size: 1.25rem; margin: 0; }
.sae-section > .sae-button, .sae-section > button, .sae-section > p > .sae-button { align-self: flex-start; }
.sae-table .sae-row { flex-wrap: nowrap; }
.sae-table .sae-row > span { min-width: 0; }
.sae-section-description, .sae-muted, .sae-hint { color: var(--sae-a-muted); margin: 0; }
.sae-subtitle { font-size: 1rem; margin: var(--sae-a-space) 0 0; }
.sae-block { display: block; font-size: 0.875rem; }
.sae-strong { font-weight: 600; }
.sae-row { display: flex; align-items: center; gap: var(--sae-a-space); flex-wrap: wrap; }
.sae-stack { display: flex; flex-direction: column; gap: var(--sae-a-space); align-items: flex-start; }
.sae-actions { display: flex; gap: var(--sae-a-space); flex-wrap: wrap; }
.sae-section form { display: flex; flex-direction: column; gap: var(--sae-a-space); align-items: flex-start; max-width: 420px; }
.sae-section form > p { margin: 0; display: flex; flex-direction: column; gap: 4px; width: 100%; }
.sae-section input:not([type="checkbox"]):not([type="file"]), .sae-select {
  font: inherit; color: var(--sae-a-text); background: var(--sae-a-bg); border: 1px solid var(--sae-a-border);
  border-radius: var(--sae-a-radius); padding: 8px 10px; width: 100%;
}
.sae-section input[aria-invalid="true"] { border-color: var(--sae-a-danger); }
.sae-section [id$="-error"][role="alert"] { color: var(--sae-a-danger); font-size: 0.875rem; }
.sae-section :focus-visible, .sae-menu :focus-visible, .sae-dialog :focus-visible, .sae-account-nav :focus-visible, .sae-user-button :focus-visible {
  outline: 2px solid var(--sae-a-primary); outline-offset: 2px;
}
.sae-button, .sae-section button[type="submit"] {
  font: inherit; font-weight: 500; display: inline-flex; align-items: center; gap: 6px; cursor: pointer; text-decoration: none;
  border-radius: var(--sae-a-radius); padding: 6px 12px; border: 1px solid var(--sae-a-border); background: var(--sae-a-bg); color: var(--sae-a-text);
}
.sae-section button[type="submit"], .sae-button-primary { background: var(--sae-a-primary); border-color: var(--sae-a-primary); color: var(--sae-a-on-primary); }
.sae-button-danger { background: transparent; border-color: var(--sae-a-danger); color: var(--sae-a-danger); }
.sae-dialog .sae-button-danger { background: var(--sae-a-danger); color: var(--sae-a-bg); }
.sae-button-ghost { border-color: transparent; background: transparent; color: var(--sae-a-primary); }
.sae-button:disabled, .sae-section button:disabled { opacity: 0.6; cursor: progress; }
.sae-file { position: relative; }
.sae-file:focus-within { outline: 2px solid var(--sae-a-primary); outline-offset: 2px; }
.sae-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.sae-table { width: 100%; border-collapse: collapse; font-size: 0.9375rem; }
.sae-table th { text-align: left; font-weight: 600; color: var(--sae-a-muted); font-size: 0.8125rem; padding: 6px 8px; border-bottom: 1px solid var(--sae-a-border); }
.sae-table td { padding: 10px 8px; border-bottom: 1px solid var(--sae-a-border); vertical-align: middle; }
.sae-cell-main { overflow-wrap: break-word; }
.sae-cell-actions { text-align: right; }
.sae-cell-actions > * { margin: 2px; }
@media (max-width: 600px) {
  .sae-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .sae-table, .sae-table tbody, .sae-table tr, .sae-table td { display: block; width: 100%; }
  .sae-table tr { border-bottom: 1px solid var(--sae-a-border); padding: 6px 0; }
  .sae-table td { border: 0; padding: 4px 0; }
  .sae-cell-actions { text-align: left; }
}
.sae-badges { display: inline-flex; gap: 4px; margin-left: 6px; flex-wrap: wrap; }
.sae-badge { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 1px 8px; border-radius: 999px; border: 1px solid var(--sae-a-border); color: var(--sae-a-muted); margin-left: 4px; }
.sae-badge-accent { color: var(--sae-a-primary); border-color: var(--sae-a-primary); }
.sae-badge-success { color: var(--sae-a-success); border-color: var(--sae-a-success); }
.sae-badge-warning { color: var(--sae-a-warning); border-color: var(--sae-a-warning); }
.sae-badge-danger { color: var(--sae-a-danger); border-color: var(--sae-a-danger); }
.sae-alert { margin: 0; padding: 8px 12px; border-radius: var(--sae-a-radius); border: 1px solid var(--sae-a-border); background: var(--sae-a-surface); width: 100%; }
.sae-alert-text { margin: 0; }
.sae-alert-error { border-color: var(--sae-a-danger); color: var(--sae-a-danger); }
.sae-alert-success { border-color: var(--sae-a-success); color: var(--sae-a-success); }
.sae-alert-warning { border-color: var(--sae-a-warning); color: var(--sae-a-warning); }
.sae-alert .sae-button { margin-top: 6px; }
.sae-details { font-size: 0.8125rem; color: var(--sae-a-muted); margin-top: 4px; }
.sae-details code { overflow-wrap: anywhere; }
.sae-empty { color: var(--sae-a-muted); margin: 0; font-style: italic; }
.sae-loading { color: var(--sae-a-muted); display: flex; align-items: center; gap: 8px; margin: 0; }
.sae-spinner { width: 16px; height: 16px; border-radius: 50%; border: 2px solid var(--sae-a-border); border-top-color: var(--sae-a-primary); animation: sae-a-spin 0.8s linear infinite; }
@keyframes sae-a-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .sae-spinner { animation: none; } }
.sae-avatar { border-radius: 50%; object-fit: cover; flex: none; display: inline-flex; align-items: center; justify-content: center; }
.sae-avatar-initials { background: var(--sae-a-primary); color: var(--sae-a-on-primary); font-weight: 600; }
.sae-avatar-loading { display: inline-block; width: 32px; height: 32px; border-radius: 50%; background: var(--sae-a-border, #d9dde3); }
.sae-code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--sae-a-surface); border: 1px solid var(--sae-a-border); border-radius: 6px; padding: 2px 6px; overflow-wrap: anywhere; }
.sae-secret { user-select: all; }
.sae-qr { background: #ffffff; border-radius: var(--sae-a-radius); padding: 4px; border: 1px solid var(--sae-a-border); }
.sae-steps { margin: 0; padding-left: 1.25rem; display: flex; flex-direction: column; gap: 4px; }
.sae-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.sae-switch, .sae-checkbox { display: inline-flex; align-items: center; gap: 6px; cursor: pointer; }
.sae-switch input, .sae-checkbox input { width: 18px; height: 18px; accent-color: var(--sae-a-primary); }
.sae-danger-box { border: 1px solid var(--sae-a-danger); border-radius: var(--sae-a-radius); padding: calc(var(--sae-a-space) * 2); display: flex; flex-direction: column; gap: var(--sae-a-space); align-items: flex-start; }
.sae-danger-box p { margin: 0; }
.sae-link { color: var(--sae-a-primary); }
.sae-dialog { border: 1px solid var(--sae-a-border); border-radius: calc(var(--sae-a-radius) * 1.5); padding: calc(var(--sae-a-space) * 3); max-width: min(440px, calc(100vw - 32px)); background: var(--sae-a-bg); color: var(--sae-a-text); }
.sae-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
.sae-dialog-title { margin: 0 0 8px; font-size: 1.125rem; }
.sae-dialog-body { color: var(--sae-a-muted); margin-bottom: 16px; }
.sae-dialog-actions { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.sae-user-button { position: relative; display: inline-block; }
.sae-user-button-trigger { border: 0; padding: 0; background: transparent; border-radius: 50%; cursor: pointer; display: inline-flex; }
.sae-menu { position: fixed; inset: auto; top: 56px; right: 16px; margin: 0; min-width: 260px; max-width: calc(100vw - 32px); padding: 12px; border: 1px solid var(--sae-a-border); border-radius: calc(var(--sae-a-radius) * 1.5); background: var(--sae-a-bg); color: var(--sae-a-text); box-shadow: 0 8px 24px rgb(0 0 0 / 0.18); }
.sae-menu-header { display: flex; gap: 10px; align-items: center; padding-bottom: 10px; border-bottom: 1px solid var(--sae-a-border); margin-bottom: 10px; }
.sae-menu-header p { margin: 0; }
.sae-menu-list { list-style: none; margin: 10px 0 0; padding: 10px 0 0; border-top: 1px solid var(--sae-a-border); display: flex; flex-direction: column; }
.sae-menu-list a { display: block; padding: 6px 8px; border-radius: var(--sae-a-radius); color: var(--sae-a-text); text-decoration: none; }
.sae-menu-list a:hover { background: var(--sae-a-surface); }
.sae-team-switcher { display: flex; flex-direction: column; gap: 4px; }
.sae-team-switcher .sae-select { font: inherit; color: var(--sae-a-text); background: var(--sae-a-bg); border: 1px solid var(--sae-a-border); border-radius: var(--sae-a-radius); padding: 6px 8px; }
.sae-label { font-size: 0.8125rem; color: var(--sae-a-muted); }
`

/** The account components' stylesheet: one `<style>` however many components render it. SPEC §2 */
export function AccountStyles(): ReactNode {
  return <style href="stack-auth-effect-account" precedence="default">{accountCss}</style>
}

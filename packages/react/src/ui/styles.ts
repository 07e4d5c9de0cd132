/**
 * The design system's one style sheet (components and handler pages): CSS custom properties for colours,
 * radius, spacing and font, light and dark (following `prefers-color-scheme` unless the app picks
 * one), and class names that all start with `sae-`, so nothing leaks into the app. `ThemeRoot`
 * injects it once per document (React 19 hoists and deduplicates `<style precedence>`, also when
 * rendering on the server); apps that prefer a file can write {@link styles} into their own CSS.
 *
 * @since 0.1.0
 */

const light = `
  --sae-primary: #4f46e5;
  --sae-on-primary: #ffffff;
  --sae-bg: #ffffff;
  --sae-page: #f4f4f5;
  --sae-text: #18181b;
  --sae-muted: #52525b;
  --sae-border: #d4d4d8;
  --sae-input: #ffffff;
  --sae-danger: #b91c1c;
  --sae-success: #15803d;
  --sae-warning: #854d0e;
  --sae-shadow: 0 1px 2px rgb(0 0 0 / 0.06), 0 8px 24px rgb(0 0 0 / 0.08);
  --sae-link: var(--sae-primary);
  color-scheme: light;`

const dark = `
  --sae-primary: #4f46e5;
  --sae-on-primary: #ffffff;
  --sae-bg: #18181b;
  --sae-page: #09090b;
  --sae-text: #f4f4f5;
  --sae-muted: #a1a1aa;
  --sae-border: #3f3f46;
  --sae-input: #09090b;
  --sae-danger: #f87171;
  --sae-success: #4ade80;
  --sae-warning: #facc15;
  --sae-shadow: 0 1px 2px rgb(0 0 0 / 0.4), 0 8px 24px rgb(0 0 0 / 0.4);
  --sae-link: color-mix(in srgb, var(--sae-primary) 40%, #fff);
  color-scheme: dark;`

/** The design system's CSS (every selector under `.sae-root` or a `sae-` class). */
export const styles = `
.sae-root {${light}
  --sae-radius: 0.5rem;
  --sae-space: 1rem;
  --sae-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --sae-font-size: 15px;
  --sae-primary-strong: color-mix(in srgb, var(--sae-primary) 82%, #000);
  --sae-primary-soft: color-mix(in srgb, var(--sae-primary) 12%, transparent);
  --sae-danger-soft: color-mix(in srgb, var(--sae-danger) 10%, transparent);
  --sae-success-soft: color-mix(in srgb, var(--sae-success) 10%, transparent);
  --sae-warning-soft: color-mix(in srgb, var(--sae-warning) 12%, transparent);
  --sae-hover: color-mix(in srgb, var(--sae-text) 6%, transparent);
  font-family: var(--sae-font);
  font-size: var(--sae-font-size);
  line-height: 1.5;
  color: var(--sae-text);
  -webkit-font-smoothing: antialiased;
}
@media (prefers-color-scheme: dark) {
  .sae-root:not([data-sae-theme="light"]) {${dark}
  }
}
.sae-root[data-sae-theme="dark"] {${dark}
}
.sae-root *, .sae-root *::before, .sae-root *::after { box-sizing: border-box; }
.sae-root :where(h1, h2, h3, p, ul, ol, dl, dd, figure) { margin: 0; }
.sae-root :where(a), .sae-link { color: var(--sae-link); text-decoration: none; font-weight: 500; }
.sae-root :where(a):hover { text-decoration: underline; }
.sae-root :focus-visible { outline: 2px solid var(--sae-primary); outline-offset: 2px; }

.sae-page {
  min-height: 100%;
  display: flex;
  justify-content: center;
  align-items: flex-start;
  padding: calc(var(--sae-space) * 2.5) var(--sae-space);
  background: var(--sae-page);
}
.sae-card {
  width: 100%;
  max-width: 26rem;
  background: var(--sae-bg);
  border: 1px solid var(--sae-border);
  border-radius: calc(var(--sae-radius) * 1.5);
  box-shadow: var(--sae-shadow);
  padding: calc(var(--sae-space) * 2) calc(var(--sae-space) * 1.75);
  display: flex;
  flex-direction: column;
  gap: calc(var(--sae-space) * 1.25);
}
.sae-card-wide { max-width: 60rem; }
.sae-card-header { display: flex; flex-direction: column; align-items: center; gap: 0.5rem; text-align: center; }
.sae-card-logo { width: 2.75rem; height: 2.75rem; border-radius: var(--sae-radius); object-fit: contain; }
.sae-card-brand { font-size: 0.8125rem; font-weight: 600; color: var(--sae-muted); letter-spacing: 0.01em; }
.sae-title { font-size: 1.375rem; font-weight: 650; letter-spacing: -0.01em; line-height: 1.25; }
.sae-subtitle { color: var(--sae-muted); font-size: 0.9375rem; }
.sae-card-footer {
  border-top: 1px solid var(--sae-border);
  padding-top: var(--sae-space);
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.25rem 1rem;
  font-size: 0.875rem;
  color: var(--sae-muted);
}
.sae-stack { display: flex; flex-direction: column; gap: var(--sae-space); }
.sae-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.sae-muted { color: var(--sae-muted); font-size: 0.875rem; }
.sae-center { text-align: center; }

.sae-btn {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0.5rem 1rem;
  border-radius: var(--sae-radius);
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  font-size: 0.9375rem;
  line-height: 1.2;
  cursor: pointer;
  transition: background-color 120ms, border-color 120ms, box-shadow 120ms;
  text-decoration: none;
}
.sae-btn:disabled, .sae-btn[aria-disabled="true"] { cursor: not-allowed; opacity: 0.65; }
.sae-btn[aria-busy="true"] { cursor: progress; opacity: 0.85; }
.sae-btn-block { width: 100%; }
.sae-btn-primary { background: var(--sae-primary); color: var(--sae-on-primary); }
.sae-btn-primary:hover:not(:disabled) { background: var(--sae-primary-strong); }
.sae-btn-secondary { background: var(--sae-bg); color: var(--sae-text); border-color: var(--sae-border); box-shadow: 0 1px 1px rgb(0 0 0 / 0.04); }
.sae-btn-secondary:hover:not(:disabled) { background: var(--sae-hover); }
.sae-btn-ghost { background: transparent; color: var(--sae-text); }
.sae-btn-ghost:hover:not(:disabled) { background: var(--sae-hover); }
.sae-btn-danger { background: var(--sae-danger); color: #fff; }
.sae-root[data-sae-theme="dark"] .sae-btn-danger { background: #b91c1c; }
@media (prefers-color-scheme: dark) { .sae-root:not([data-sae-theme="light"]) .sae-btn-danger { background: #b91c1c; } }
.sae-btn-danger:hover:not(:disabled) { filter: brightness(0.92); }
.sae-btn-danger-outline { color: var(--sae-danger); border-color: color-mix(in srgb, var(--sae-danger) 45%, var(--sae-border)); }
.sae-btn-danger-outline:hover:not(:disabled) { background: var(--sae-danger-soft); }
.sae-btn-link { background: none; border: none; padding: 0; min-height: 0; color: var(--sae-link); font-weight: 500; }
.sae-btn-sm { min-height: 2rem; padding: 0.25rem 0.75rem; font-size: 0.875rem; }
.sae-provider-icon { flex: none; }

.sae-spinner {
  display: inline-block;
  width: 1em;
  height: 1em;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: sae-spin 0.7s linear infinite;
  flex: none;
}
.sae-spinner-lg { width: 2rem; height: 2rem; border-width: 3px; color: var(--sae-primary); }
@keyframes sae-spin { to { transform: rotate(360deg); } }
.sae-skeleton {
  display: block;
  border-radius: var(--sae-radius);
  background: linear-gradient(90deg, var(--sae-hover) 25%, color-mix(in srgb, var(--sae-text) 12%, transparent) 50%, var(--sae-hover) 75%);
  background-size: 200% 100%;
  animation: sae-shimmer 1.4s ease-in-out infinite;
  min-height: 1rem;
}
@keyframes sae-shimmer { from { background-position: 200% 0; } to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) {
  .sae-spinner { animation-duration: 2s; }
  .sae-skeleton { animation: none; }
}
.sae-loading { display: flex; flex-direction: column; align-items: center; gap: 0.75rem; padding: var(--sae-space); color: var(--sae-muted); }

.sae-form { display: flex; flex-direction: column; gap: var(--sae-space); }
.sae-field { display: flex; flex-direction: column; gap: 0.375rem; }
.sae-label-row { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
.sae-label { font-size: 0.875rem; font-weight: 600; }
.sae-input {
  width: 100%;
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  font: inherit;
  color: var(--sae-text);
  background: var(--sae-input);
  border: 1px solid var(--sae-border);
  border-radius: var(--sae-radius);
  transition: border-color 120ms, box-shadow 120ms;
}
.sae-input:focus { outline: none; border-color: var(--sae-primary); box-shadow: 0 0 0 3px var(--sae-primary-soft); }
.sae-input[aria-invalid="true"] { border-color: var(--sae-danger); }
.sae-input[aria-invalid="true"]:focus { box-shadow: 0 0 0 3px var(--sae-danger-soft); }
.sae-input-code { letter-spacing: 0.3em; font-variant-numeric: tabular-nums; text-align: center; font-size: 1.125rem; }
.sae-hint { font-size: 0.8125rem; color: var(--sae-muted); }
.sae-field-error { font-size: 0.8125rem; color: var(--sae-danger); font-weight: 500; }

.sae-alert {
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 0.75rem 0.875rem;
  border-radius: var(--sae-radius);
  border: 1px solid;
  font-size: 0.875rem;
}
.sae-alert-error { color: var(--sae-danger); background: var(--sae-danger-soft); border-color: color-mix(in srgb, var(--sae-danger) 35%, transparent); }
.sae-alert-success { color: var(--sae-success); background: var(--sae-success-soft); border-color: color-mix(in srgb, var(--sae-success) 35%, transparent); }
.sae-alert-info { color: var(--sae-text); background: var(--sae-primary-soft); border-color: color-mix(in srgb, var(--sae-primary) 30%, transparent); }
.sae-alert-warning { color: var(--sae-text); background: var(--sae-warning-soft); border-color: color-mix(in srgb, var(--sae-warning) 40%, transparent); }
.sae-alert-title { font-weight: 600; }
.sae-alert details { color: var(--sae-muted); font-size: 0.8125rem; }
.sae-alert summary { cursor: pointer; }
.sae-alert pre { white-space: pre-wrap; word-break: break-word; margin: 0.25rem 0 0; font-size: 0.75rem; }
.sae-alert .sae-btn { align-self: flex-start; margin-top: 0.25rem; }

.sae-divider { display: flex; align-items: center; gap: 0.75rem; color: var(--sae-muted); font-size: 0.8125rem; }
.sae-divider::before, .sae-divider::after { content: ""; flex: 1; border-top: 1px solid var(--sae-border); }

.sae-tabs { display: flex; gap: 0.25rem; padding: 0.25rem; background: var(--sae-hover); border-radius: var(--sae-radius); }
.sae-tab {
  flex: 1;
  padding: 0.4rem 0.75rem;
  border: none;
  border-radius: calc(var(--sae-radius) - 0.125rem);
  background: transparent;
  color: var(--sae-muted);
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;
}
.sae-tab[aria-selected="true"] { background: var(--sae-bg); color: var(--sae-text); box-shadow: 0 1px 2px rgb(0 0 0 / 0.12); }
.sae-tabpanel { display: flex; flex-direction: column; gap: var(--sae-space); }

.sae-oauth { display: grid; grid-template-columns: 1fr; gap: 0.5rem; }
.sae-oauth-single { grid-template-columns: 1fr; }

.sae-avatar {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  border-radius: 50%;
  overflow: hidden;
  background: var(--sae-primary);
  color: var(--sae-on-primary);
  font-weight: 600;
  user-select: none;
}
.sae-avatar img { width: 100%; height: 100%; object-fit: cover; }

.sae-dialog {
  border: 1px solid var(--sae-border);
  border-radius: calc(var(--sae-radius) * 1.5);
  background: var(--sae-bg);
  color: var(--sae-text);
  box-shadow: var(--sae-shadow);
  padding: calc(var(--sae-space) * 1.5);
  width: min(26rem, calc(100vw - 2rem));
}
.sae-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
.sae-dialog-body { display: flex; flex-direction: column; gap: var(--sae-space); }
.sae-dialog-title { font-size: 1.125rem; font-weight: 650; }
.sae-dialog-actions { display: flex; justify-content: flex-end; gap: 0.5rem; flex-wrap: wrap; }

.sae-state { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 0.5rem; padding: var(--sae-space) 0; }
.sae-state-icon { width: 2.5rem; height: 2.5rem; color: var(--sae-muted); }
.sae-state-title { font-weight: 600; font-size: 1rem; }
.sae-empty { color: var(--sae-muted); font-size: 0.875rem; text-align: center; padding: var(--sae-space); border: 1px dashed var(--sae-border); border-radius: var(--sae-radius); }
.sae-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.sae-strong { font-weight: 600; }
.sae-block { display: block; font-size: 0.875rem; }
.sae-actions { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
.sae-code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.875rem; background: var(--sae-hover); border: 1px solid var(--sae-border); border-radius: calc(var(--sae-radius) * 0.75); padding: 0.125rem 0.375rem; overflow-wrap: anywhere; }
.sae-secret { user-select: all; }
.sae-select {
  font: inherit; color: var(--sae-text); background: var(--sae-input); border: 1px solid var(--sae-border);
  border-radius: var(--sae-radius); min-height: 2.25rem; padding: 0.375rem 0.625rem; max-width: 100%;
}
.sae-select:focus { outline: none; border-color: var(--sae-primary); box-shadow: 0 0 0 3px var(--sae-primary-soft); }
.sae-file { position: relative; }
.sae-file:focus-within { outline: 2px solid var(--sae-primary); outline-offset: 2px; }
.sae-switch, .sae-checkbox { display: inline-flex; align-items: center; gap: 0.5rem; cursor: pointer; font-size: 0.875rem; }
.sae-switch input, .sae-checkbox input { width: 1.125rem; height: 1.125rem; margin: 0; accent-color: var(--sae-primary); }
.sae-badges { display: inline-flex; gap: 0.25rem; margin-left: 0.375rem; flex-wrap: wrap; vertical-align: middle; }
.sae-badge { display: inline-block; font-size: 0.75rem; font-weight: 600; line-height: 1.4; padding: 0.0625rem 0.5rem; border-radius: 999px; border: 1px solid var(--sae-border); color: var(--sae-muted); white-space: nowrap; }
.sae-badge-accent { color: var(--sae-link); border-color: color-mix(in srgb, var(--sae-primary) 45%, transparent); background: var(--sae-primary-soft); }
.sae-badge-success { color: var(--sae-success); border-color: color-mix(in srgb, var(--sae-success) 45%, transparent); background: var(--sae-success-soft); }
.sae-badge-warning { color: var(--sae-warning); border-color: color-mix(in srgb, var(--sae-warning) 45%, transparent); background: var(--sae-warning-soft); }
.sae-badge-danger { color: var(--sae-danger); border-color: color-mix(in srgb, var(--sae-danger) 45%, transparent); background: var(--sae-danger-soft); }
.sae-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
.sae-steps { margin: 0; padding-left: 1.25rem; display: flex; flex-direction: column; gap: 0.25rem; }
.sae-qr { background: #ffffff; border-radius: var(--sae-radius); padding: 0.25rem; border: 1px solid var(--sae-border); align-self: flex-start; }

.sae-account { container-type: inline-size; width: 100%; }
.sae-account-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: calc(var(--sae-space) * 1.25); align-items: start; }
.sae-account-nav ul { list-style: none; margin: 0; padding: 0 0 0.25rem; display: flex; gap: 0.125rem; overflow-x: auto; }
.sae-account-nav a { display: block; white-space: nowrap; padding: 0.375rem 0.625rem; border-radius: var(--sae-radius); color: var(--sae-muted); font-weight: 500; font-size: 0.875rem; }
.sae-account-nav a:hover { background: var(--sae-hover); color: var(--sae-text); text-decoration: none; }
.sae-account-nav a[aria-current="page"] { background: var(--sae-primary-soft); color: var(--sae-link); font-weight: 600; }
@container (min-width: 40rem) {
  .sae-account-layout { grid-template-columns: 11rem minmax(0, 1fr); gap: calc(var(--sae-space) * 2); }
  .sae-account-nav ul { flex-direction: column; overflow: visible; }
  .sae-account-nav a { white-space: normal; }
}
.sae-section { display: flex; flex-direction: column; gap: var(--sae-space); min-width: 0; }
.sae-section-title { font-size: 1.125rem; font-weight: 650; }
.sae-section-description { color: var(--sae-muted); font-size: 0.875rem; margin-top: -0.5rem; }
.sae-section-subtitle { font-size: 1rem; font-weight: 600; }
.sae-section > .sae-btn, .sae-section > p > .sae-btn { align-self: flex-start; }
.sae-section .sae-form { max-width: 26rem; }
.sae-section .sae-form > .sae-btn, .sae-section .sae-form > .sae-actions { align-self: flex-start; }
.sae-section .sae-form > .sae-btn-block { width: auto; }
.sae-table { width: 100%; border-collapse: collapse; font-size: 0.875rem; }
.sae-table th { text-align: left; font-weight: 600; color: var(--sae-muted); font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.03em; padding: 0.375rem 0.5rem; border-bottom: 1px solid var(--sae-border); }
.sae-table td { padding: 0.625rem 0.5rem; border-bottom: 1px solid var(--sae-border); vertical-align: middle; }
.sae-table .sae-row { flex-wrap: nowrap; }
.sae-table .sae-row > span { min-width: 0; }
.sae-cell-main { overflow-wrap: anywhere; }
.sae-cell-actions { text-align: right; }
.sae-cell-actions > * { margin: 0.125rem; }
.sae-cell-actions .sae-alert { text-align: left; }
@container (max-width: 34rem) {
  .sae-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .sae-table, .sae-table tbody, .sae-table tr, .sae-table td { display: block; width: 100%; }
  .sae-table tr { border-bottom: 1px solid var(--sae-border); padding: 0.375rem 0; }
  .sae-table td { border: 0; padding: 0.25rem 0; }
  .sae-cell-actions { text-align: left; }
}
.sae-danger-box { border: 1px solid color-mix(in srgb, var(--sae-danger) 45%, transparent); border-radius: var(--sae-radius); padding: var(--sae-space); display: flex; flex-direction: column; gap: 0.75rem; align-items: flex-start; }

.sae-user-button { position: relative; display: inline-block; line-height: 0; }
.sae-user-button-trigger { border: 0; padding: 0; background: transparent; border-radius: 50%; cursor: pointer; display: inline-flex; }
.sae-avatar-loading { display: inline-block; width: 2rem; height: 2rem; border-radius: 50%; background: var(--sae-border); }
.sae-menu {
  position: fixed; inset: auto; top: 3.5rem; right: 1rem; margin: 0; min-width: 16rem; max-width: calc(100vw - 2rem);
  padding: 0.75rem; border: 1px solid var(--sae-border); border-radius: calc(var(--sae-radius) * 1.5);
  background: var(--sae-bg); color: var(--sae-text); box-shadow: var(--sae-shadow); line-height: 1.5;
}
.sae-menu-header { display: flex; gap: 0.625rem; align-items: center; padding-bottom: 0.625rem; border-bottom: 1px solid var(--sae-border); margin-bottom: 0.625rem; }
.sae-menu-list { list-style: none; margin: 0.625rem 0 0; padding: 0.625rem 0 0; border-top: 1px solid var(--sae-border); display: flex; flex-direction: column; }
.sae-menu-list a { display: block; padding: 0.375rem 0.5rem; border-radius: var(--sae-radius); color: var(--sae-text); font-weight: 500; }
.sae-menu-list a:hover { background: var(--sae-hover); text-decoration: none; }
.sae-team-switcher { display: flex; flex-direction: column; gap: 0.25rem; line-height: 1.5; }
@media (max-width: 480px) {
  .sae-page { padding: var(--sae-space) 0.75rem; }
  .sae-card { padding: calc(var(--sae-space) * 1.5) var(--sae-space); }
}
`

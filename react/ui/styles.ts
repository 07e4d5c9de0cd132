/**
 * The design system's one style sheet (SPEC §2 handler pages): CSS custom properties for colours,
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
  --sae-warning: #a16207;
  --sae-shadow: 0 1px 2px rgb(0 0 0 / 0.06), 0 8px 24px rgb(0 0 0 / 0.08);
  --sae-link: var(--sae-primary);
  color-scheme: light;`

const dark = `
  --sae-primary: #6366f1;
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

/** The design system's CSS (every selector under `.sae-root` or a `sae-` class). SPEC §2 */
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
.sae-card-wide { max-width: 44rem; }
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

.sae-oauth { display: grid; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr)); gap: 0.5rem; }
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
@media (max-width: 480px) {
  .sae-page { padding: var(--sae-space) 0.75rem; }
  .sae-card { padding: calc(var(--sae-space) * 1.5) var(--sae-space); }
}
`

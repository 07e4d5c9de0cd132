/**
 * `npm run test:real`: the SDK's suites against a real Stack Auth service (test/real/, run by
 * vitest.real.config.ts), never part of `npm test` or CI. It reads the service from the
 * environment, the lines `shared/real-service/start.sh` prints:
 *
 *   STACK_API_URL, STACK_PROJECT_ID, STACK_PUBLISHABLE_CLIENT_KEY, STACK_SECRET_SERVER_KEY,
 *   STACK_SUPER_SECRET_ADMIN_KEY, INBUCKET_API_URL (the service's mail catcher)
 *
 * None set: it says so and exits 0 (skipped). Some set: it names the missing ones and fails. Set
 * but not answering: it fails before running anything. Extra arguments go to vitest
 * (`npm run test:real -- test/real/Auth.real.ts`).
 */
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { missingVariables, variables } from "../test/real/RealService.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const missing = missingVariables()
const all = Object.values(variables)

if (missing.length === all.length) {
  console.log([
    "test:real skipped: no real service is configured (none of " + all.join(", ") + " is set).",
    "Start one with ../shared/real-service/start.sh and export the lines it prints, then run npm run test:real again."
  ].join("\n"))
  process.exit(0)
}
if (missing.length > 0) {
  console.error(`test:real: the real service is only partly configured; set ${missing.join(", ")} too.`)
  process.exit(1)
}

const apiUrl = process.env[variables.apiUrl]!.replace(/\/+$/, "")
const inbucketUrl = process.env[variables.inbucketUrl]!.replace(/\/+$/, "")
const reachable = async (url: string) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(120_000) })
    return response.status < 500
  } catch {
    return false
  }
}
if (!(await reachable(`${apiUrl}/api/v1`))) {
  console.error(`test:real: ${apiUrl}/api/v1 does not answer; is the service running?`)
  process.exit(1)
}
if (!(await reachable(`${inbucketUrl}/api/v1/mailbox/test-real-probe`))) {
  console.error(`test:real: the mail catcher at ${inbucketUrl} does not answer.`)
  process.exit(1)
}

console.log(`test:real against ${apiUrl} (project ${process.env[variables.projectId]}), mails from ${inbucketUrl}`)
const run = spawnSync(
  process.execPath,
  [`${root}node_modules/vitest/vitest.mjs`, "run", "--config", "vitest.real.config.ts", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" }
)
try {
  const report = JSON.parse(readFileSync(`${root}.artifacts/test-real-report.json`, "utf8")) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
  }
  console.log(`test:real: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`)
} catch {
  // no report: vitest failed before running; its own output says why
}
process.exit(run.status ?? 1)

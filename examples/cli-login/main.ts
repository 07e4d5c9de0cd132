/**
 * Run while `npm start` is running:
 *   npx tsx examples/cli-login/main.ts
 * Environment: STACK_PROJECT_ID, STACK_PUBLISHABLE_CLIENT_KEY, STACK_API_URL, APP_URL
 * (defaults: the emulator's demo project on http://localhost:8102, the example app on :5173).
 */
import { Effect } from "effect"
import { Seeds } from "@stack-auth-effect/emulator/testing"
import { login, report } from "./login.ts"

const demo = Seeds.demoProject

login({
  projectId: process.env.STACK_PROJECT_ID ?? demo.projectId,
  publishableClientKey: process.env.STACK_PUBLISHABLE_CLIENT_KEY ?? demo.publishableClientKey,
  baseUrl: process.env.STACK_API_URL ?? "http://localhost:8102",
  appUrl: process.env.APP_URL ?? "http://localhost:5173"
}).pipe(Effect.flatMap(report), Effect.runPromise)

import { compile } from "../support/compile.ts"
import { spawnSync } from "node:child_process"
const [entry, ...rest] = process.argv.slice(2)
const out = await compile(entry!)
const flags = rest.filter((a) => a.startsWith("--cpu-prof") || a === "--expose-gc")
const args = rest.filter((a) => !flags.includes(a))
spawnSync(process.execPath, [...flags, out, ...args], { stdio: "inherit" })

// Waits for the DOM end as soon as their condition holds; the long bound only matters on a loaded
// machine (the emulator hashes passwords with bcrypt), where the 1 s default made tests flaky.
import { configure } from "@testing-library/react"

configure({ asyncUtilTimeout: 10_000 })

import * as Config from "effect/Config"
import * as StackServerApp from "stack-auth-effect/StackServerApp"

// The variables of the table below, as the official SDK names them.
export const fromEnvironment = StackServerApp.layerConfig()

// Any option as a plain value or a Config of your own: other names, a secret kept Redacted.
export const custom = StackServerApp.layerConfig({
  projectId: Config.String("AUTH_PROJECT_ID"),
  secretServerKey: Config.Redacted("AUTH_SERVER_SECRET"),
  baseUrl: "http://localhost:8102"
})

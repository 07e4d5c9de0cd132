/**
 * `/internal/ai-chat/:threadId` (admin only): the emulator's
 * assistant answers deterministically, echoing the last user message and the context; saved
 * messages are kept per project and thread, in order.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"

interface SavedMessage {
  readonly projectId: string
  readonly threadId: string
  readonly index: number
  readonly content: unknown
  readonly createdAtMillis: number
}

const messages = EmulatorState.extraTable<SavedMessage>("aiChatMessages")

const contextTypes: ReadonlyArray<string> = ["email-theme", "email-template"]

const R = RequestSchema

/** The send body: optional as a whole in the service (an absent body passes its check). */
const sendBody = R.object({
  context_type: R.string().defined().oneOf(contextTypes),
  messages: R.array(R.object({ role: R.string().defined().oneOf(["user", "assistant", "tool"]), content: R.mixed().defined() }))
    .defined()
    .rule((value) => Array.isArray(value) && value.length < 1 ? "field must have at least 1 items" : undefined)
})
const SaveBody = Schema.Struct({ message: Schema.Unknown })

/** The text of a message's content: a string, or its text parts. */
const textOf = (content: unknown): string => {
  if (typeof content === "string") return content
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text" ? String((part as { text?: unknown }).text ?? "") : ""))
      .join("")
  }
  return ""
}

/** The emulator assistant's answer to a conversation. */
export const reply = (contextType: string, conversation: ReadonlyArray<{ readonly role: string; readonly content: unknown }>): string => {
  const last = [...conversation].reverse().find((m) => m.role === "user")
  return `Emulator assistant (${contextType}): you said "${last === undefined ? "" : textOf(last.content)}".`
}

const inThread = (state: EmulatorState.State, projectId: string, threadId: string) =>
  Table.filter(messages.get(state), (m) => m.projectId === projectId && m.threadId === threadId).slice().sort((a, b) => a.index - b.index)

/** AI chat routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/internal/ai-chat/:threadId", "admin", ({ body }) =>
    Effect.gen(function*() {
      const parts = yield* R.check([["auth", R.mixed(), undefined], ["params", R.mixed(), undefined], ["body", sendBody, body]], null)
      const input = (parts.body ?? { context_type: "email-theme", messages: [] }) as {
        readonly context_type: string
        readonly messages: ReadonlyArray<{ readonly role: string; readonly content: unknown }>
      }
      return Responses.json({ content: [{ type: "text", text: reply(input.context_type, input.messages) }] })
    })),

  Router.patch("/internal/ai-chat/:threadId", "admin", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(SaveBody, body)
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.update((state) => {
        const index = inThread(state, auth.project.id, params.threadId!).length
        const row: SavedMessage = { projectId: auth.project.id, threadId: params.threadId!, index, content: input.message, createdAtMillis: now }
        return messages.set(state, Table.put(messages.get(state), crypto.randomUUID(), row))
      })
      return Responses.json({})
    })),

  Router.get("/internal/ai-chat/:threadId", "admin", ({ auth, params }) =>
    Effect.map(EmulatorState.get, (state) =>
      Responses.json({ messages: inThread(state, auth.project.id, params.threadId!).map((m) => m.content) })))
]

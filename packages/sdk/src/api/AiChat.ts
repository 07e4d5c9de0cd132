/**
 * The dashboard's AI chat helper, admin only (`/internal/ai-chat/{id}`): send a
 * conversation and get the assistant's answer, save messages to a thread, read a thread back.
 *
 * @since 0.1.0
 * @module
 */
import { SchemaError } from "../protocol/KnownErrors.ts"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type ChatContextType, ChatHistory, type ChatMessage, ChatReply, type ContentBlock } from "../protocol/internal/schemas/AiChat.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Chat messages and answer parts. */
export type { ChatContextType, ChatMessage, ContentBlock } from "../protocol/internal/schemas/AiChat.ts"

const threadPath = (threadId: string) => `/internal/ai-chat/${encodeURIComponent(threadId)}`

/** What the chat calls can fail with: no error specific to them. */
export type ChatError = SchemaError | Call.CallError<readonly []>

/** What `send` takes: what the conversation is about and its messages (at least one). */
export interface SendInput {
  readonly contextType: ChatContextType
  readonly messages: ReadonlyArray<ChatMessage>
}

/** Sends the conversation (at least one message) and answers the assistant's reply. `POST /internal/ai-chat/{id}` */
export const send = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    threadId: string,
    input: SendInput
  ): Effect.fn.Return<ReadonlyArray<ContentBlock>, ChatError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const reply = yield* Call.call({
      method: "POST",
      path: threadPath(threadId),
      body: { context_type: input.contextType, messages: input.messages },
      response: ChatReply,
      errors: [SchemaError]
    })
    return reply.content
  },
  /*#__PURE__*/ Traced.span("AiChat.send")
)

/** Appends a message (any JSON) to a thread. `PATCH /internal/ai-chat/{id}` */
export const save = /*#__PURE__*/ Effect.fnUntraced(
  function*(threadId: string, message: unknown): Effect.fn.Return<void, ChatError, StackHttp | AdminAccess> {
    yield* AdminAccess
    yield* Call.call({ method: "PATCH", path: threadPath(threadId), body: { message }, response: Schema.Unknown, errors: [SchemaError] })
  },
  /*#__PURE__*/ Traced.span("AiChat.save")
)

/** A thread's saved messages, oldest first. `GET /internal/ai-chat/{id}` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(threadId: string): Effect.fn.Return<ReadonlyArray<unknown>, ChatError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: threadPath(threadId), response: ChatHistory, errors: [SchemaError] })).messages
  },
  /*#__PURE__*/ Traced.span("AiChat.list")
)

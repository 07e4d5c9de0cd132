/**
 * The dashboard's AI chat helper (`/internal/ai-chat/{threadId}`): chat messages.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/** What the chat helps with: an e-mail theme or an e-mail template (the only two the service accepts). */
export const ChatContextType = Schema.Literals(["email-theme", "email-template"])

/** What the chat helps with. */
export type ChatContextType = typeof ChatContextType.Type

/** A message of the conversation; `content` is passed through. */
export const ChatMessage = Schema.Struct({
  role: Schema.Literals(["user", "assistant", "tool"]),
  content: Schema.Unknown
})

type ChatMessageType = typeof ChatMessage.Type
/** A message of the conversation. */
export interface ChatMessage extends ChatMessageType {}

/** A text part of the assistant's answer. */
export const TextBlock = Schema.Struct({ type: Schema.Literal("text"), text: Schema.String })

/** A tool call the assistant made (e.g. a proposed source change). */
export const ToolCallBlock = Schema.Struct({
  type: Schema.Literal("tool-call"),
  toolName: Schema.String,
  toolCallId: Schema.String,
  args: Schema.Unknown,
  argsText: Schema.String,
  result: Schema.Unknown
})

/** A part of the assistant's answer. */
export const ContentBlock = Schema.Union([TextBlock, ToolCallBlock])

/** A part of the assistant's answer. */
export type ContentBlock = typeof ContentBlock.Type

/** The answer of `POST /internal/ai-chat/{threadId}`. */
export const ChatReply = Schema.Struct({ content: Schema.Array(ContentBlock) })

/** The saved messages of a thread (`GET /internal/ai-chat/{threadId}`). */
export const ChatHistory = Schema.Struct({ messages: Schema.Array(Schema.Unknown) })

/**
 * The value rules of the service's fields (SPEC §3, §5, §8): what counts as an e-mail address,
 * a URL, base64 and a profile image. Routes check a body with these and report a failure as a
 * `SchemaError` problem naming the field (`Router.schemaError("body.x is not a valid URL")`).
 *
 * @since 0.1.0
 */

/**
 * Whether a value is an e-mail address as the service's user and contact-channel fields accept it:
 * the WHATWG form rule, so `invalid_email@gmai` passes. SPEC §3
 */
export const isEmail = (value: string): boolean =>
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
    .test(value)

/**
 * Whether a value is an e-mail address people sign in or up with: an e-mail address whose domain
 * has a dot and a top-level part of two characters or more (`a@gmai` is refused). SPEC §5
 */
export const isSignInEmail = (value: string): boolean => isEmail(value) && /^[^.]+(\.[^.]+)*@.*\.[^.]{2,}$/.test(value)

/** Whether a value parses as an absolute URL. SPEC §3 */
export const isUrl = (value: string): boolean => URL.canParse(value)

/** The problem of a URL field (`<field> contains spaces`, `<field> is not a valid URL`), if any. SPEC §8 */
export const urlProblem = (field: string, value: string | null | undefined): string | undefined =>
  value === undefined || value === null
    ? undefined
    : value.includes(" ")
    ? `${field} contains spaces`
    : isUrl(value)
    ? undefined
    : `${field} is not a valid URL`

/** Whether a value is standard base64 with its padding (the empty text included). SPEC §3 */
export const isBase64 = (value: string): boolean => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value)

/**
 * Whether a value is an image a client may upload as a profile image: a base64 `data:` URL of a
 * PNG, JPEG, GIF, BMP or WebP image, or bare base64. SPEC §3
 */
export const isBase64Image = (value: string): boolean =>
  /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9+/]+={0,2}$/.test(value)

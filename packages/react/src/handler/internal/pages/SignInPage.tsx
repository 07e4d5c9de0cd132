/**
 * The sign-in page (SPEC §2 `sign-in`, §4 "Sign-in outcomes"): the prebuilt `SignIn`.
 *
 * @since 0.1.0
 */
import { SignIn } from "../../../components/SignIn.tsx"

/** The sign-in page. SPEC §2 `sign-in` */
export const SignInPage = SignIn

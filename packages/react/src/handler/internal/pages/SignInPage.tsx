/**
 * The sign-in page (`/handler/sign-in`): the prebuilt `SignIn`.
 *
 * @since 0.1.0
 */
import { SignIn } from "../../../components/SignIn.tsx"

/** The sign-in page. `/handler/sign-in` */
export const SignInPage = SignIn

/**
 * Entry of the phone widget for code splitting: only forms that need it load it, through
 * `React.lazy(() => import("#client/components/phone-input/index.ts"))` or `LazyPhoneInput`.
 */
export { PhoneInput as default } from "./phone-input.tsx";

import { simplePage } from "#client/components/page-intro/simple-page.tsx";

const page = simplePage("moderationAdvice");
export const meta = page.meta;
export default page.Page;

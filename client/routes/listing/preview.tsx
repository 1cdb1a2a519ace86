import { idPage } from "#client/components/page-intro/id-page.tsx";

const page = idPage("listingPreview");
export const loader = page.loader;
export const meta = page.meta;
export default page.Page;

import { simplePage } from "#client/components/page-intro/simple-page.tsx";

const page = simplePage("cabinetFavourites", { indexable: false });
export const meta = page.meta;
export default page.Page;

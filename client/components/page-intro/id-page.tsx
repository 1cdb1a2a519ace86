import { type MetaFunction, useLoaderData } from "react-router";
import { notFound, parseId } from "#client/http-errors.ts";
import { pageMeta } from "#client/seo.ts";
import { PageIntro } from "./page-intro.tsx";

/** Route module parts of a private page about one listing: the id must be a positive integer. */
export function idPage(pageKey: string) {
  function loader({ params, url }: { params: { id?: string }; url: URL }) {
    const id = parseId(params.id);
    if (!id) throw notFound(url);
    return { id };
  }
  const meta: MetaFunction<typeof loader> = (args) =>
    pageMeta(args, pageKey, { id: args.loaderData?.id ?? "" }, { indexable: false });
  function Page() {
    const { id } = useLoaderData<typeof loader>();
    return <PageIntro pageKey={pageKey} values={{ id }} />;
  }
  Page.displayName = `Page(${pageKey})`;
  return { loader, meta, Page };
}

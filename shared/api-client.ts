/**
 * The typed client of the API (product §7), used by loaders (in-process fetch) and the browser alike.
 * Every call sends X-Requested-With and, when there is one, the bearer token. A call the API answered
 * with an error is reported to `onFailure`: the browser's notices follow product §8 by its status
 * (`noticeForStatus`); loaders report nothing.
 */
import type { ApiListingEdit, EditStep, StepValues } from "./api/listing-edit.ts";
import type { ApiFavourite, ApiFavouriteItem } from "./api/favourites.ts";
import type { ApiListingPhoto } from "./api/listing-photos.ts";
import { PHOTO_UPLOAD_PATH, type PhotoRotation } from "./constants.ts";
import type {
  AdvantageListResponse,
  ArticleListQueryInput,
  ArticleListResponse,
  ArticleResponse,
  FaqListResponse,
  FeedbackQuestionInput,
  FeedbackQuestionResponse,
  TagListResponse,
  TooltipResponse,
  UnsubscribeInput,
  UnsubscribeResponse,
  UnsubscribeStatusResponse,
} from "./api/content.ts";
import type { AdvertiserType, AgenciesResponse, ApiAgencyCheck } from "./api/advertiser.ts";
import type { AgencyRole, ApiMyAgency, UpdateAgencyInput } from "./api/agency.ts";
import type { ApiAgencyFeed, ApiFeedPhotoProblems, ApiFeedRun } from "./api/agency-feeds.ts";
import type { ApiAgencyDirectory, ApiAgencyPage } from "./api/agency-pages.ts";
import type { ApiUser, AuthResponse, CodeSentResponse, OutboxItem, UserOptionsResponse } from "./api/auth.ts";
import type { Collection, Paged, Single } from "./api/conventions.ts";
import type {
  PromotionOptionsResponse,
  RevealPhoneResponse,
  RevealedPhoneResponse,
  SendMessageInput,
  SendMessageResponse,
} from "./api/contact.ts";
import type { ApiPlaceHit } from "./api/locations.ts";
import type { ApiIntent, ApiListingOptions, ApiTransaction, CreateIntentInput } from "./api/payments.ts";
import type { ProductId } from "./products.ts";
import type {
  AdminListingsResponse,
  ApiAdminListing,
  ApiAdminUserActivity,
  ListingModerationInput,
} from "./api/admin-listings.ts";
import type {
  ApiConversation,
  ApiConversationReport,
  ApiMessage,
  ContactsInput,
  CreateMessageInput,
  ResolveConversationReportInput,
  UnreadCount,
} from "./api/messages.ts";
import type {
  ApiConfirmation,
  ApiListingStatistics,
  ApiModerationItem,
  ConfirmOutcome,
  ApiOwnerListing,
  CabinetCounts,
  OwnerListInput,
  ApproveInput,
  RejectInput,
  ReportInput,
} from "./api/cabinet.ts";
import type {
  ApiListing,
  ApiListingDetail,
  ApiPreview,
  ApiAdminPreview,
  ApiListingEvent,
  FormOptions,
  ListingQuery,
  SearchResponse,
} from "./api/realty.ts";
import type { Locale } from "./locales.ts";
import type {
  AdvantageInput,
  ApiAdminAdvantage,
  ApiAdminFaq,
  ApiAdminTag,
  ApiAdminTooltip,
  FaqInput,
  MoveInput,
  NewTagInput,
  TagInput,
  TooltipInput,
} from "./api/admin-content.ts";
import type { ApiDashboard } from "./api/admin-dashboard.ts";
import type { AdminArticlesQueryInput, AdminArticlesResponse, ApiAdminArticle, ArticleInput } from "./api/articles.ts";
import type {
  AdminPaymentsInput,
  AdminPaymentsResponse,
  ApiAdminPayment,
  ApiProductPrice,
  PricesInput,
  RefundInput,
} from "./api/admin-payments.ts";
import type {
  AdminUsersResponse,
  ApiAdminUser,
  ApiAdminUserDetail,
  AuditResponse,
  BlockUserInput,
  UserRolesInput,
} from "./api/staff.ts";
import type { SavedQuery, SavedSearch, SaveSearchInput, SetNotifyInput } from "./api/saved-searches.ts";
import type { ApiTrustFigures } from "./api/trust.ts";

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status?: number; error?: ApiErrorBody["error"] };

export interface ApiClientOptions {
  /** Origin the `/api/...` paths are resolved against. */
  baseUrl: string;
  fetch?: typeof fetch;
  locale?: Locale;
  accessToken?: string | null;
  /** Hears every call the API answered with an error (not those it did not answer: no notice for them). */
  onFailure?: (failure: { status: number; serverMessage?: string }) => void;
  /** Headers passed on to every call (the visitor's cookies when a loader calls in-process). */
  headers?: HeadersInit;
  /** Fetch settings of every call (a beacon's `keepalive`, no cookies). */
  init?: { credentials?: "omit" | "same-origin" | "include"; keepalive?: boolean };
}

type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this call alone (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

function toSearch(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const headers = new Headers(options.headers);
    headers.set("X-Requested-With", "XMLHttpRequest");
    headers.set("Accept", "application/json");
    if (options.locale) headers.set("Accept-Language", options.locale);
    if (options.accessToken) headers.set("Authorization", `Bearer ${options.accessToken}`);
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.body);
    }

    let response: Response;
    try {
      response = await doFetch(new URL(path + toSearch(opts.query), options.baseUrl), {
        ...options.init,
        method,
        headers,
        body,
        signal: opts.signal,
      });
    } catch {
      return { ok: false };
    }

    const payload = await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status, data: payload as T };

    const error = (payload as ApiErrorBody | undefined)?.error;
    options.onFailure?.({ status: response.status, serverMessage: error?.message });
    return { ok: false, status: response.status, error };
  }

  return {
    request,
    get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
    delete: <T>(path: string) => request<T>("DELETE", path),

    cities: () => request<{ items: ApiCity[] }>("GET", "/api/cities"),
    city: (slug: string) => request<{ data: ApiCity }>("GET", "/api/city", { query: { slug } }),

    // Listings and locations (product §7; shapes in ./api/realty.ts and ./api/locations.ts).
    searchListings: (query: ListingQuery = {}, signal?: AbortSignal) =>
      request<SearchResponse>("GET", "/api/realty/search", { query: { ...query }, signal }),
    listingTotal: (query: ListingQuery = {}) =>
      request<Single<{ total: number; total_exact: boolean }>>("GET", "/api/realty/total", { query: { ...query } }),
    listing: (id: number) => request<Single<ApiListingDetail>>("GET", `/api/realty/${id}`),
    // A listing in any state: the signed-in owner's own, or (admin) any.
    listingPreview: (id: number) => request<Single<ApiPreview>>("GET", `/api/realty/preview/${id}`),
    adminListingPreview: (id: number) => request<Single<ApiAdminPreview>>("GET", `/api/admin/realty/preview/${id}`),
    /** A listing's changes of state, oldest first (admins). */
    listingHistory: (id: number) => request<Collection<ApiListingEvent>>("GET", `/api/admin/realty/${id}/history`),
    listingEdit: (id: number) => request<Single<ApiListingEdit>>("GET", `/api/realty/edit/${id}`),
    /** Without `id`: a new draft (201); with it: that listing's type changes. */
    editListingType: (body: { id?: number; type_id: number }) =>
      request<Single<ApiListingEdit>>("POST", "/api/realty/edit/type", { body }),
    editListingStep: (step: EditStep, body: { id: number } & StepValues) =>
      request<Single<ApiListingEdit>>("POST", `/api/realty/edit/${step}`, { body }),
    /** Validates and submits; 409 `possible_duplicate` when it looks like one of the owner's listings. */
    checkListing: (id: number) => request<Single<ApiListingEdit>>("POST", "/api/realty/edit/check", { body: { id } }),
    forceListing: (id: number) => request<Single<ApiListingEdit>>("POST", "/api/realty/edit/force", { body: { id } }),
    approveListing: (id: number, body: ApproveInput = {}) =>
      request<Single<ApiListingEdit>>("POST", `/api/admin/realty/${id}/approve`, { body }),
    rejectListing: (id: number, body: RejectInput) =>
      request<Single<ApiListingEdit>>("POST", `/api/admin/realty/${id}/reject`, { body }),
    /** Pending listings, oldest submission first, with their reports and duplicate suspicions (admins). */
    moderationQueue: (page = 1, perPage?: number, id?: number) =>
      request<Paged<ApiModerationItem>>("GET", "/api/admin/realty/moderation", {
        query: { page, per_page: perPage, id },
      }),
    /** A visitor's report of a public listing (decision 038). */
    reportListing: (id: number, body: ReportInput) =>
      request<Single<{ reported: true }>>("POST", `/api/realty/${id}/report`, { body }),
    /** The owner confirms an active listing is still there ("checked by the owner"). */
    confirmRelevant: (id: number) => request<Single<ApiOwnerListing>>("POST", `/api/realty/relevant/${id}`),
    // A listing's photos (shapes in ./api/listing-photos.ts); the first is the cover.
    listingPhotos: (id: number) => request<Collection<ApiListingPhoto>>("GET", `/api/realty/edit/${id}/images`),
    /** Multipart `id` (the listing) and `file`: 201 the stored photo, or 409/413/415 naming `file`. */
    uploadPhoto: (listingId: number, file: Blob, name?: string) => {
      const body = new FormData();
      body.set("id", String(listingId));
      body.set("file", file, name);
      return request<Single<ApiListingPhoto>>("POST", PHOTO_UPLOAD_PATH, { body });
    },
    rotatePhoto: (id: number, angle: PhotoRotation) =>
      request<Single<ApiListingPhoto>>("POST", `${PHOTO_UPLOAD_PATH}/rotate`, { body: { id, angle } }),
    orderPhotos: (listingId: number, ids: number[]) =>
      request<Single<ApiListingPhoto[]>>("POST", `${PHOTO_UPLOAD_PATH}/order`, { body: { id: listingId, ids } }),
    deletePhoto: (id: number) => request<null>("DELETE", `${PHOTO_UPLOAD_PATH}/${id}`),
    listingsByIds: (ids: number[]) => request<Collection<ApiListing>>("POST", "/api/realty-by-ids", { body: { ids } }),
    seoListings: (page: number, perPage?: number) =>
      request<Paged<{ id: number; path: string; updated_at: string }>>("GET", "/api/seo/realty/list", {
        query: { page, per_page: perPage },
      }),
    searchPlaces: (q: string, limit?: number, signal?: AbortSignal) =>
      request<Collection<ApiPlaceHit>>("GET", "/api/location/search", { query: { q, limit }, signal }),
    formOptions: () => request<Single<FormOptions>>("GET", "/api/form-data"),

    // My listings (product §7 Cabinet; shapes in ./api/cabinet.ts; signed-in, the owner's own only).
    ownerListings: (body: OwnerListInput = {}) =>
      request<Paged<ApiOwnerListing>>("POST", "/api/cabinet/realties/active", { body }),
    ownerArchive: (page = 1, perPage?: number) =>
      request<Paged<ApiOwnerListing>>("GET", "/api/cabinet/realties/archive", { query: { page, per_page: perPage } }),
    ownerCounts: () => request<Single<CabinetCounts>>("GET", "/api/cabinet/realties/count"),
    archiveListing: (id: number) => request<Single<ApiOwnerListing>>("POST", `/api/cabinet/realties/${id}/archive`),
    restoreListing: (id: number) => request<Single<ApiOwnerListing>>("POST", `/api/cabinet/realties/${id}/restore`),
    /** Signed in as the owner, or with the signed link of the expiry reminder (`token`). */
    renewListing: (id: number, token?: string) =>
      request<Single<ApiOwnerListing>>("POST", `/api/cabinet/realties/${id}/renew`, { body: token ? { token } : {} }),
    /**
     * "Still available" / "Rented" / "Sold" (decision 084): the owner signed in, or anyone holding the
     * availability e-mail's signed `token`.
     */
    confirmAvailability: (id: number, outcome: ConfirmOutcome = "available", token?: string) =>
      request<Single<ApiConfirmation>>("POST", `/api/cabinet/realties/${id}/confirm`, {
        body: token ? { outcome, token } : { outcome },
      }),
    /** The owner's active listings due for a confirmation or hidden for want of one (the cabinet's banner). */
    dueListings: () => request<Collection<ApiOwnerListing>>("GET", "/api/cabinet/realties/due"),
    deleteListing: (id: number) => request<Single<{ deleted: true }>>("DELETE", `/api/cabinet/realties/${id}`),
    listingStatistics: (id: number) =>
      request<Single<ApiListingStatistics>>("GET", `/api/cabinet/realties/${id}/statistics`),

    // Messages (product §7 Cabinet Messages; shapes in ./api/messages.ts; signed-in participants only).
    createMessage: (body: CreateMessageInput) =>
      request<Single<ApiMessage>>("POST", "/api/cabinet/messages/create", { body }),
    conversations: (body: ContactsInput = {}) =>
      request<Paged<ApiConversation>>("POST", "/api/cabinet/messages/contacts", { body }),
    conversationMessages: (conversationId: number, cursor: { before?: number; after?: number } = {}) =>
      request<Collection<ApiMessage> & { conversation: ApiConversation; has_earlier: boolean; has_later: boolean }>(
        "GET",
        "/api/cabinet/messages/list",
        { query: { conversation_id: conversationId, ...cursor } },
      ),
    markDelivered: (conversationId: number, upToId: number) =>
      request<Single<UnreadCount>>("POST", "/api/cabinet/messages/delivered", {
        body: { conversation_id: conversationId, up_to_id: upToId },
      }),
    unreadCount: () => request<Single<UnreadCount>>("GET", "/api/cabinet/messages/count"),
    blockConversation: (conversationId: number, blocked: boolean) =>
      request<Single<ApiConversation>>("POST", "/api/cabinet/messages/block", {
        body: { conversation_id: conversationId, blocked },
      }),
    reportConversation: (body: { conversation_id: number; reason: string; text?: string }) =>
      request<Single<{ reported: true }>>("POST", "/api/cabinet/messages/report", { body }),
    /** Open reports of conversations, oldest first, with their newest messages (admins). */
    conversationReports: (page = 1) =>
      request<Paged<ApiConversationReport>>("GET", "/api/admin/messages/reports", { query: { page } }),
    resolveConversationReport: (id: number, body: ResolveConversationReportInput) =>
      request<Single<{ resolved: true }>>("POST", `/api/admin/messages/reports/${id}/resolve`, { body }),

    // The back office's people and audit log (./api/staff.ts; admins, decisions 057 and 058).
    adminUsers: (q = "", page = 1) => request<AdminUsersResponse>("GET", "/api/admin/users", { query: { q, page } }),
    adminUser: (id: number) => request<Single<ApiAdminUserDetail>>("GET", `/api/admin/users/${id}`),
    blockUser: (id: number, body: BlockUserInput) =>
      request<Single<ApiAdminUser>>("POST", `/api/admin/users/${id}/block`, { body }),
    unblockUser: (id: number) => request<Single<ApiAdminUser>>("POST", `/api/admin/users/${id}/unblock`, { body: {} }),
    setUserRoles: (id: number, body: UserRolesInput) =>
      request<Single<ApiAdminUser>>("POST", `/api/admin/users/${id}/roles`, { body }),
    userActivity: (id: number) => request<Single<ApiAdminUserActivity>>("GET", `/api/admin/users/${id}/activity`),
    // Agencies' licence checks (./api/advertiser.ts; moderators, decision 087).
    agencies: (state = "awaiting", page = 1) =>
      request<AgenciesResponse>("GET", "/api/admin/agencies", { query: { state, page } }),
    agency: (id: number) => request<Single<ApiAgencyCheck>>("GET", `/api/admin/agencies/${id}`),
    confirmLicence: (id: number, body: { licence_number: string }) =>
      request<Single<ApiAgencyCheck>>("POST", `/api/admin/agencies/${id}/licence/confirm`, { body }),
    refuseLicence: (id: number, body: { licence_number: string; reason: string }) =>
      request<Single<ApiAgencyCheck>>("POST", `/api/admin/agencies/${id}/licence/refuse`, { body }),
    // Any listing in any state, hidden and restored by moderators (./api/admin-listings.ts, decision 062).
    adminListings: (query: { q?: string; state?: string; page?: number }) =>
      request<AdminListingsResponse>("GET", "/api/admin/listings", { query: { ...query } }),
    adminListing: (id: number) => request<Single<ApiAdminListing>>("GET", `/api/admin/listings/${id}`),
    staffHideListing: (id: number, body: ListingModerationInput) =>
      request<Single<ApiAdminListing>>("POST", `/api/admin/listings/${id}/hide`, { body }),
    staffRestoreListing: (id: number, body: ListingModerationInput) =>
      request<Single<ApiAdminListing>>("POST", `/api/admin/listings/${id}/restore`, { body }),
    audit: (query: { actor?: string; action?: string; target?: string; from?: string; to?: string; page?: number }) =>
      request<AuditResponse>("GET", "/api/admin/audit", { query: { ...query } }),
    // The back office's payments and prices (./api/admin-payments.ts; admins, decision 061).
    adminPayments: (query: AdminPaymentsInput) =>
      request<AdminPaymentsResponse>("GET", "/api/admin/payments", { query: { ...query } }),
    refundPayment: (id: string, body: RefundInput, idempotencyKey?: string) =>
      request<Single<ApiAdminPayment>>("POST", `/api/admin/payments/${encodeURIComponent(id)}/refund`, {
        body,
        headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
      }),
    prices: () => request<Collection<ApiProductPrice>>("GET", "/api/admin/prices"),
    setPrices: (body: PricesInput) => request<Collection<ApiProductPrice>>("PUT", "/api/admin/prices", { body }),

    // The back office's content reference data (./api/admin-content.ts; editors) and dashboard (staff).
    adminTags: () => request<Collection<ApiAdminTag>>("GET", "/api/admin/tags"),
    createTag: (body: NewTagInput) => request<Single<ApiAdminTag>>("POST", "/api/admin/tags", { body }),
    updateTag: (id: number, body: TagInput) => request<Single<ApiAdminTag>>("PUT", `/api/admin/tags/${id}`, { body }),
    deleteTag: (id: number) => request<Single<{ deleted: true }>>("DELETE", `/api/admin/tags/${id}`),
    adminFaq: () => request<Collection<ApiAdminFaq>>("GET", "/api/admin/faq"),
    createFaq: (body: FaqInput) => request<Single<ApiAdminFaq>>("POST", "/api/admin/faq", { body }),
    updateFaq: (id: number, body: FaqInput) => request<Single<ApiAdminFaq>>("PUT", `/api/admin/faq/${id}`, { body }),
    deleteFaq: (id: number) => request<Single<{ deleted: true }>>("DELETE", `/api/admin/faq/${id}`),
    moveFaq: (id: number, body: MoveInput) =>
      request<Collection<ApiAdminFaq>>("POST", `/api/admin/faq/${id}/move`, { body }),
    adminAdvantages: () => request<Collection<ApiAdminAdvantage>>("GET", "/api/admin/advantages"),
    createAdvantage: (body: AdvantageInput) =>
      request<Single<ApiAdminAdvantage>>("POST", "/api/admin/advantages", { body }),
    updateAdvantage: (id: number, body: AdvantageInput) =>
      request<Single<ApiAdminAdvantage>>("PUT", `/api/admin/advantages/${id}`, { body }),
    deleteAdvantage: (id: number) => request<Single<{ deleted: true }>>("DELETE", `/api/admin/advantages/${id}`),
    moveAdvantage: (id: number, body: MoveInput) =>
      request<Collection<ApiAdminAdvantage>>("POST", `/api/admin/advantages/${id}/move`, { body }),
    adminTooltips: () => request<Collection<ApiAdminTooltip>>("GET", "/api/admin/tooltips"),
    updateTooltip: (key: string, body: TooltipInput) =>
      request<Single<ApiAdminTooltip>>("PUT", `/api/admin/tooltips/${encodeURIComponent(key)}`, { body }),
    adminDashboard: () => request<Single<ApiDashboard>>("GET", "/api/admin/dashboard"),
    // The back office's articles (./api/articles.ts; editors, decision 059).
    adminArticles: (query: AdminArticlesQueryInput) =>
      request<AdminArticlesResponse>("GET", "/api/admin/articles", { query: { ...query } }),
    adminArticle: (id: number) => request<Single<ApiAdminArticle>>("GET", `/api/admin/articles/${id}`),
    createArticle: (body: ArticleInput) => request<Single<ApiAdminArticle>>("POST", "/api/admin/articles", { body }),
    updateArticle: (id: number, body: ArticleInput) =>
      request<Single<ApiAdminArticle>>("PUT", `/api/admin/articles/${id}`, { body }),
    articlePreview: (id: number) => request<ArticleResponse>("GET", `/api/admin/articles/${id}/preview`),
    /** Multipart `image`; null removes the cover. */
    articleCover: (id: number, image: FormData | null) =>
      image
        ? request<Single<ApiAdminArticle>>("POST", `/api/admin/articles/${id}/cover`, { body: image })
        : request<Single<ApiAdminArticle>>("DELETE", `/api/admin/articles/${id}/cover`),

    // Payments and promotion (product §7 Cabinet Payment; shapes in ./api/payments.ts; signed-in).
    createIntent: (body: CreateIntentInput) =>
      request<Single<ApiIntent>>("POST", "/api/cabinet/payment/intent", { body }),
    updateIntent: (intentId: string, product: ProductId) =>
      request<Single<ApiIntent>>("PUT", "/api/cabinet/payment/intent", { body: { intent_id: intentId, product } }),
    /** The sandbox settles it; a real provider's payment is confirmed with the provider. */
    completeIntent: (intentId: string) =>
      request<Single<ApiIntent>>("POST", "/api/cabinet/payment/complete", { body: { intent_id: intentId } }),
    failIntent: (intentId: string, reason = "") =>
      request<Single<ApiIntent>>("POST", "/api/cabinet/payment/failure", { body: { intent_id: intentId, reason } }),
    intent: (intentId: string) =>
      request<Single<ApiIntent>>("GET", `/api/cabinet/payment/intent/${encodeURIComponent(intentId)}`),
    transactions: (page = 1, perPage?: number) =>
      request<Paged<ApiTransaction>>("GET", "/api/cabinet/payment/transactions", {
        query: { page, per_page: perPage },
      }),
    listingOptions: (listingId: number) =>
      request<Single<ApiListingOptions>>("GET", "/api/cabinet/payment/realty-options", {
        query: { realty_id: listingId },
      }),
    /** Starts paying for a promotion of one's listing: an intent, as `createIntent` gives it. */
    promoteListing: (listingId: number, product: ProductId) =>
      request<Single<ApiIntent>>("POST", `/api/cabinet/realties/${listingId}/promotion`, { body: { product } }),
    /** Stops the listing's running promotion of a placement early (refunded only when its product says so). */
    stopPromotion: (listingId: number, placement: string) =>
      request<Single<ApiListingOptions>>(
        "DELETE",
        `/api/cabinet/realties/${listingId}/promotion?placement=${placement}`,
      ),

    // Cabinet favourites (product §7; signed-in).
    favouriteIds: () => request<Collection<number>>("GET", "/api/cabinet/realties/favorite-ids"),
    favouriteListings: (page = 1, perPage = 50) =>
      request<Paged<ApiFavourite>>("GET", "/api/cabinet/realties/favorite-realties", {
        query: { page, per_page: perPage },
      }),
    /** Every favourite, those taken off the site since included (`available: false`). */
    favourites: (page = 1, perPage?: number) =>
      request<Paged<ApiFavouriteItem>>("GET", "/api/cabinet/realties/favorite-realties", {
        query: { page, per_page: perPage, include_unavailable: true },
      }),
    addFavourite: (id: number) =>
      request<Single<{ added: number; ids: number[] }>>("POST", "/api/cabinet/realties/add-favorite", { body: { id } }),
    removeFavourite: (id: number) =>
      request<Single<{ ids: number[] }>>("POST", "/api/cabinet/realties/delete-favorite", { body: { id } }),
    clearFavourites: () => request<Single<{ ids: number[] }>>("POST", "/api/cabinet/realties/delete-all-favorite"),

    // Saved searches (product §7; signed-in; shapes in ./api/saved-searches.ts).
    savedSearches: () => request<Collection<SavedSearch>>("GET", "/api/saved-searches"),
    /** The saved search of exactly these filters, or null; `opened` marks it opened now. */
    findSavedSearch: (query: SavedQuery, opened = false) =>
      request<Single<SavedSearch | null>>("POST", "/api/saved-searches/search", { body: { query, opened } }),
    saveSearch: (body: SaveSearchInput) => request<Single<SavedSearch>>("POST", "/api/saved-search", { body }),
    setSavedSearchNotify: (body: SetNotifyInput) =>
      request<Single<SavedSearch>>("POST", "/api/saved-search/set-notify", { body }),
    renameSavedSearch: (id: number, name: string | null) =>
      request<Single<SavedSearch>>("POST", "/api/saved-search/rename", { body: { id, name } }),
    deleteSavedSearch: (id: number) => request<Single<{ id: number }>>("DELETE", `/api/saved-search/${id}`),

    // Content, feedback, statistics, unsubscribe (product §7; shapes in ./api/content.ts).
    tags: (parent?: string) => request<TagListResponse>("GET", "/api/tag", { query: { parent } }),
    articles: (query: ArticleListQueryInput = {}) => request<ArticleListResponse>("GET", "/api/article", { query }),
    article: (idOrSlug: number | string) =>
      request<ArticleResponse>("GET", `/api/article/${encodeURIComponent(String(idOrSlug))}`),
    faq: () => request<FaqListResponse>("GET", "/api/faq"),
    /** The figures of `/trust/` (decision 089). */
    trust: () => request<Single<ApiTrustFigures>>("GET", "/api/trust"),
    advantages: () => request<AdvantageListResponse>("GET", "/api/advantage"),
    tooltip: (key: string) => request<TooltipResponse>("GET", `/api/tooltip/${encodeURIComponent(key)}`),
    askQuestion: (body: FeedbackQuestionInput) =>
      request<FeedbackQuestionResponse>("POST", "/api/feedback/question", { body }),
    // Contact with an owner (shapes in ./api/contact.ts); signed-in only.
    promotionOptions: () => request<PromotionOptionsResponse>("GET", "/api/cabinet/realties/promotion"),
    revealPhone: (id: number) => request<RevealPhoneResponse>("POST", `/api/realty/${id}/reveal-phone-number`),
    /** The number if it is the visitor's to see already (own listing, or paid for); null otherwise. Reads only. */
    revealedPhone: (id: number) => request<RevealedPhoneResponse>("GET", `/api/realty/${id}/revealed-phone-number`),
    sendMessage: (id: number, body: SendMessageInput) =>
      request<SendMessageResponse>("POST", `/api/realty/${id}/send-message`, { body }),
    subscriptions: (token: string) =>
      request<UnsubscribeStatusResponse>("GET", "/api/unsubscribe", { query: { token } }),
    unsubscribe: (body: UnsubscribeInput) => request<UnsubscribeResponse>("POST", "/api/unsubscribe", { body }),
    unsubscribeAll: (token: string) =>
      request<UnsubscribeResponse>("POST", "/api/unsubscribe/all", { body: { token } }),

    // Accounts and sessions (product §7 Auth, User, Cabinet personal; shapes in ./api/auth.ts). Sign-in calls set
    // HttpOnly cookies for web clients; `X-Auth-Mode: bearer` clients get the tokens in AuthResponse.
    userOptions: () => request<UserOptionsResponse>("GET", "/api/user/options"),
    register: (body: { phone: string; name?: string } & AdvertiserFields) =>
      request<CodeSentResponse>("POST", "/api/user/register", { body }),
    registerEmail: (body: { email: string; name?: string } & AdvertiserFields) =>
      request<CodeSentResponse>("POST", "/api/user/register/email", { body }),
    registerPassword: (body: { login: string; password: string; name?: string } & AdvertiserFields) =>
      request<CodeSentResponse>("POST", "/api/user/register/password", { body }),
    registerVerify: (body: { phone: string; code: string; remember_me?: boolean; name?: string }) =>
      request<AuthResponse>("POST", "/api/user/register/verify", { body }),
    registerEmailVerify: (body: { email: string; code: string; remember_me?: boolean; name?: string }) =>
      request<AuthResponse>("POST", "/api/user/register/email/verify", { body }),
    loginPhone: (phone: string) => request<CodeSentResponse>("POST", "/api/user/login/phone", { body: { phone } }),
    loginEmail: (email: string) => request<CodeSentResponse>("POST", "/api/user/login/email", { body: { email } }),
    loginRegister: (body: { phone: string; name?: string } | { email: string; name?: string }) =>
      request<CodeSentResponse>("POST", "/api/user/login/register", { body }),
    loginPhoneVerify: (body: { phone: string; code: string; remember_me?: boolean; name?: string }) =>
      request<AuthResponse>("POST", "/api/user/login/phone/verify", { body }),
    loginEmailVerify: (body: { email: string; code: string; remember_me?: boolean; name?: string }) =>
      request<AuthResponse>("POST", "/api/user/login/email/verify", { body }),
    login: (body: { login: string; password: string; remember_me?: boolean }) =>
      request<AuthResponse>("POST", "/api/auth/login", { body }),
    recoveryCode: (
      via: "phone" | "email" | "credential",
      body: { phone: string } | { email: string } | { login: string },
    ) => request<CodeSentResponse>("POST", `/api/user/password/recovery/code/${via}`, { body }),
    recoveryVerify: (
      via: "phone" | "email" | "credential",
      body: ({ phone: string } | { email: string } | { login: string }) & { code: string },
    ) =>
      request<Single<{ reset_token: string; expires_in: number }>>(
        "POST",
        `/api/user/password/recovery/code/${via}/verify`,
        { body },
      ),
    passwordReset: (body: { reset_token: string; password: string; remember_me?: boolean }) =>
      request<AuthResponse>("POST", "/api/user/password/reset", { body }),
    refreshToken: () => request<AuthResponse>("GET", "/api/auth/refresh-token"),
    accessToken: () => request<AuthResponse>("GET", "/api/auth/access-token"),
    accountData: () => request<Single<ApiUser>>("GET", "/api/account/data"),
    logout: () => request<Single<{ signed_out: true }>>("POST", "/api/auth/logout", { body: {} }),
    cabinetUser: () => request<Single<ApiUser>>("GET", "/api/cabinet/user"),

    // Agencies as teams (decision 098; shapes in ./api/agency.ts).
    myAgency: () => request<Single<ApiMyAgency | null>>("GET", "/api/cabinet/agency"),
    createAgency: (body: { name: string; licence_number: string }) =>
      request<Single<{ id: number; slug: string }>>("POST", "/api/agency", { body }),
    inviteAgencyMember: (body: { email: string; role: AgencyRole }) =>
      request<Single<{ email: string; role: AgencyRole }>>("POST", "/api/agency/members", { body }),
    acceptAgencyInvite: (token: string) =>
      request<Single<{ id: number; slug: string; role: AgencyRole }>>("POST", "/api/agency/invites/accept", {
        body: { token },
      }),
    removeAgencyMember: (userId: number) => request<null>("DELETE", `/api/agency/members/${userId}`),
    // The agency's profile (decision 104).
    updateAgency: (body: UpdateAgencyInput) => request<Single<ApiMyAgency>>("PATCH", "/api/agency", { body }),
    updateAgencyLogo: (form: FormData) => request<Single<ApiMyAgency>>("POST", "/api/agency/logo", { body: form }),
    removeAgencyLogo: () => request<Single<ApiMyAgency>>("DELETE", "/api/agency/logo"),
    // Agencies' public pages (decision 103; shapes in ./api/agency-pages.ts).
    agencyPage: (slug: string) => request<Single<ApiAgencyPage>>("GET", `/api/agency/${encodeURIComponent(slug)}`),
    agencyDirectory: () => request<Single<ApiAgencyDirectory>>("GET", "/api/agencies"),
    // Agencies' feeds (decision 100; shapes in ./api/agency-feeds.ts).
    agencyFeeds: () => request<Single<ApiAgencyFeed[]>>("GET", "/api/agency/feeds"),
    addAgencyFeed: (url: string) => request<Single<{ id: number }>>("POST", "/api/agency/feeds", { body: { url } }),
    agencyFeedRuns: (id: number) => request<Single<ApiFeedRun[]>>("GET", `/api/agency/feeds/${id}/runs`),
    removeAgencyFeed: (id: number) => request<null>("DELETE", `/api/agency/feeds/${id}`),
    agencyFeedPhotoProblems: () => request<Single<ApiFeedPhotoProblems>>("GET", "/api/agency/feeds/photo-problems"),

    updatePersonal: (body: { name: string }) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/update-personal", { body }),
    updateAdvertiser: (body: { advertiser_type: AdvertiserType; agency_name?: string; licence_number?: string }) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/update-advertiser", { body }),
    updatePhone: (phone: string) => request<CodeSentResponse>("POST", "/api/cabinet/update-phone", { body: { phone } }),
    verifyPhone: (body: { phone: string; code: string }) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/verify-phone", { body }),
    updateEmail: (email: string) => request<CodeSentResponse>("POST", "/api/cabinet/update-email", { body: { email } }),
    verifyEmail: (body: { email: string; code: string }) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/verify-email", { body }),
    setPassword: (password: string) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/password", { body: { password } }),
    updatePassword: (body: { current_password: string; password: string }) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/update-password", { body }),
    updateImage: (image: { image_url: string | null } | FormData) =>
      request<Single<ApiUser>>("POST", "/api/cabinet/update-image", { body: image }),
    deleteAccount: () => request<Single<{ deleted: true }>>("DELETE", "/api/cabinet/delete-account"),
    devOutbox: (to: string) => request<Collection<OutboxItem>>("GET", "/api/dev/outbox", { query: { to } }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Registration's optional advertiser fields (./api/advertiser.ts). */
type AdvertiserFields = { advertiser_type?: AdvertiserType; agency_name?: string; licence_number?: string };

export interface ApiCity {
  id: number;
  slug: string;
  name: string;
  lat: number;
  lng: number;
}

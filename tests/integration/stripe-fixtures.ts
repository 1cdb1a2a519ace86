/**
 * A local stand-in of the parts of Stripe's API the adapter calls (checkout sessions, refunds), answering the
 * adapter's `fetch` in the test's isolate, with the settings that make the API use Stripe.
 */
import { env } from "cloudflare:test";

export const SECRET_KEY = "sk_test_kvadrat";
export const WEBHOOK_SECRET = "whsec_test_kvadrat";
/** The bindings with Stripe configured (`api.fetch(request, STRIPE, ctx)`). */
export const STRIPE = {
  ...env,
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

export interface Session {
  id: string;
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  client_reference_id: string;
  metadata: Record<string, string>;
}

/** An in-memory stand-in of the parts of Stripe's API the adapter calls. */
export class FakeStripe {
  sessions = new Map<string, Session>();
  requests: { method: string; path: string; headers: Headers; form: URLSearchParams }[] = [];
  refunds: URLSearchParams[] = [];
  private byKey = new Map<string, unknown>();

  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    this.requests.push({ method, path: url.pathname, headers, form });
    if (headers.get("authorization") !== `Bearer ${SECRET_KEY}`) return Response.json({ error: {} }, { status: 401 });
    const key = headers.get("idempotency-key");
    if (key && this.byKey.has(key)) return Response.json(this.byKey.get(key));
    const answer = (body: unknown, status = 200) => {
      if (key && status === 200) this.byKey.set(key, body);
      return Response.json(body, { status });
    };
    const parts = url.pathname.split("/").filter(Boolean);
    if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
      const session: Session = {
        id,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        client_reference_id: form.get("client_reference_id")!,
        metadata: { intent_id: form.get("metadata[intent_id]")!, product: form.get("metadata[product]")! },
      };
      this.sessions.set(id, session);
      return answer(session);
    }
    if (parts[1] === "checkout" && parts[2] === "sessions" && parts[3]) {
      const session = this.sessions.get(parts[3]);
      if (!session) return answer({ error: { message: "No such session" } }, 404);
      if (method === "GET") return Response.json(session);
      if (parts[4] === "expire") {
        if (session.status !== "open") return answer({ error: { message: "Not open" } }, 400);
        session.status = "expired";
        return answer(session);
      }
    }
    if (method === "POST" && url.pathname === "/v1/refunds") {
      this.refunds.push(form);
      return answer({ id: `re_${this.refunds.length}`, status: "succeeded" });
    }
    return Response.json({ error: { message: `Not faked: ${method} ${url.pathname}` } }, { status: 404 });
  };

  /** The payer paid at Stripe's page. */
  pay(sessionId: string): Session {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: `pi_stripe_${sessionId}` });
    return session;
  }
}

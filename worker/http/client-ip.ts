/** The client's address as Cloudflare reports it; one shared bucket when unknown. */
export function clientIp(request: Request): string {
  const ip = request.headers.get("cf-connecting-ip")?.trim();
  return ip && ip.length <= 64 ? ip : "unknown";
}

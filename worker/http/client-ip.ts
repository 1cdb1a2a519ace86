/**
 * The client as every per-address rule counts it (decision 048): an IPv4 address as it is, an IPv6 one by
 * its /64 — one subscriber's network, whose 2^64 addresses cost nothing to rotate through. IPv4-mapped IPv6
 * addresses count as their IPv4 address. What Cloudflare reports in `CF-Connecting-IP`; one shared bucket
 * when there is none.
 */
export function clientIp(request: Request): string {
  const raw = connectingAddress(request);
  if (!raw) return "unknown";
  const ip = parseIp(raw);
  if (!ip) return raw;
  return ip.kind === "v4" ? ip.text : ipv6Prefix(ip.hextets, 64);
}

/**
 * The wider network of an IPv6 client, its /48 (a site: many /64s), for the budgets a few /64s of one
 * holder must not multiply; null for IPv4, whose address is already the unit.
 */
export function clientNetwork(request: Request): string | null {
  const raw = connectingAddress(request);
  const ip = raw ? parseIp(raw) : null;
  return ip?.kind === "v6" ? ipv6Prefix(ip.hextets, 48) : null;
}

function connectingAddress(request: Request): string | null {
  const ip = request.headers.get("cf-connecting-ip")?.trim();
  return ip && ip.length <= 64 ? ip : null;
}

type ParsedIp = { kind: "v4"; text: string } | { kind: "v6"; hextets: number[] };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** An IPv4 or IPv6 address (brackets and a zone allowed), or null when it is neither. */
export function parseIp(value: string): ParsedIp | null {
  const text = value
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = parseIpv4(text);
  if (v4) return { kind: "v4", text: v4.join(".") };
  if (!text.includes(":")) return null;
  // A trailing dotted quad stands for the last two hextets.
  let body = text;
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    const quad = parseIpv4(text.slice(lastColon + 1));
    if (!quad) return null;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    body = `${text.slice(0, lastColon + 1)}${hex(quad[0]!, quad[1]!)}:${hex(quad[2]!, quad[3]!)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const hextets = [
    ...head.map((group) => parseInt(group, 16)),
    ...Array<number>(8 - known).fill(0),
    ...rest.map((group) => parseInt(group, 16)),
  ];
  // ::ffff:a.b.c.d — an IPv4 client seen through an IPv6 socket.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [high, low] = [hextets[6]!, hextets[7]!];
    return { kind: "v4", text: [high >> 8, high & 255, low >> 8, low & 255].join(".") };
  }
  return { kind: "v6", hextets };
}

/** `2001:db8:1:2::/64`: the first `bits` (a multiple of 16) of the address, written short. */
function ipv6Prefix(hextets: number[], bits: 48 | 64): string {
  return `${hextets
    .slice(0, bits / 16)
    .map((h) => h.toString(16))
    .join(":")}::/${bits}`;
}

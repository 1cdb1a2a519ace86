import { describe, expect, it } from "vitest";
import { clientIp, clientNetwork, parseIp } from "./client-ip.ts";

const from = (address?: string) =>
  new Request("https://kvadrat.test/", { headers: address === undefined ? {} : { "cf-connecting-ip": address } });

describe("clientIp: the client as per-address rules count it", () => {
  it("an IPv4 address is itself", () => {
    expect(clientIp(from("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(from("203.0.113.8"))).toBe("203.0.113.8");
  });

  it("every address of one IPv6 /64 is the same client, however it is written", () => {
    const written = [
      "2001:db8:aa:bb::1",
      "2001:0db8:00aa:00bb:0000:0000:0000:0002",
      "2001:DB8:AA:BB:ffff:ffff:ffff:ffff",
      "[2001:db8:aa:bb::3]",
      "2001:db8:aa:bb::4%eth0",
      "2001:db8:aa:bb:1:2:192.0.2.1",
    ];
    expect(new Set(written.map((a) => clientIp(from(a))))).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(clientIp(from("2001:db8:aa:bc::1"))).toBe("2001:db8:aa:bc::/64");
    expect(clientIp(from("::1"))).toBe("0:0:0:0::/64");
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", () => {
    expect(clientIp(from("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(from("::ffff:cb00:7107"))).toBe("203.0.113.7");
  });

  it("no address is one shared bucket; what is not an address stays as given", () => {
    expect(clientIp(from())).toBe("unknown");
    expect(clientIp(from("x".repeat(65)))).toBe("unknown");
    expect(clientIp(from("not-an-ip"))).toBe("not-an-ip");
  });

  it("the /48 of an IPv6 client is its network; IPv4 has none", () => {
    expect(clientNetwork(from("2001:db8:aa:bb::1"))).toBe("2001:db8:aa::/48");
    expect(clientNetwork(from("2001:db8:aa:ffff::1"))).toBe("2001:db8:aa::/48");
    expect(clientNetwork(from("203.0.113.7"))).toBeNull();
    expect(clientNetwork(from("::ffff:203.0.113.7"))).toBeNull();
  });

  it("refuses what is not an address", () => {
    for (const text of [
      "1.2.3",
      "1.2.3.256",
      "1::2::3",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "g::1",
      "12345::1",
      "::1.2.3",
    ]) {
      expect(parseIp(text), text).toBeNull();
    }
    expect(parseIp("::")).toEqual({ kind: "v6", hextets: [0, 0, 0, 0, 0, 0, 0, 0] });
    expect(parseIp("1:2:3:4:5:6:7::")).toEqual({ kind: "v6", hextets: [1, 2, 3, 4, 5, 6, 7, 0] });
  });
});

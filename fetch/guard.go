package fetch

import (
	"net"
	"net/netip"
)

// forbiddenPrefixes are the non-public ranges that the netip predicates do
// not cover.
var forbiddenPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT (Alibaba's metadata service is 100.100.100.200)
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the broadcast address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
}

// nat64, sixToFour and translated embed an IPv4 address, which is
// checked in turn.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
	// translated is SIIT's IPv4-translated range (::ffff:0:a.b.c.d,
	// RFC 2765), which some stacks route to the embedded IPv4 address.
	translated = netip.MustParsePrefix("::ffff:0:0:0/96")
	// ipv4Compatible is the deprecated IPv4-compatible range (::a.b.c.d,
	// RFC 4291 2.5.5.1): no public host has such an address, and some
	// stacks route it to the embedded IPv4 one.
	ipv4Compatible = netip.MustParsePrefix("::/96")
)

// Forbidden reports whether ip is one that Options.DenyPrivate refuses:
// loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7 — which holds
// AWS's fd00:ec2::254), link-local (169.254/16, where cloud metadata
// services live, and fe80::/10), multicast, unspecified, carrier-grade NAT,
// reserved and documentation ranges, and IPv6 addresses embedding one of
// those (IPv4-mapped, IPv4-translated, NAT64, 6to4), and the deprecated IPv4-compatible
// range (::127.0.0.1).
func Forbidden(ip net.IP) bool {
	a, ok := netip.AddrFromSlice(ip)
	if !ok {
		return true
	}
	return forbiddenAddr(a.Unmap())
}

func forbiddenAddr(a netip.Addr) bool {
	if a.Is6() && ipv4Compatible.Contains(a) {
		return true
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() || !a.IsValid() {
		return true
	}
	for _, p := range forbiddenPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a), translated.Contains(a):
			return forbiddenAddr(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToFour.Contains(a):
			return forbiddenAddr(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	return false
}

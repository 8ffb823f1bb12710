package serve

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// The Host check defeats DNS rebinding: an attacker's page whose name
// comes to resolve to the user's machine is same-origin with the server
// in the browser's eyes (Sec-Fetch-Site: same-origin, Origin its own
// name), so the cross-origin guard lets it through, but its requests
// still carry the attacker's name as Host. A request is served only when
// its Host is a name the server answers to: the address it was reached on
// (the listener's, or the interface's when it listens on all), a loopback
// name (localhost, 127.0.0.0/8, ::1) or one of Config.Hosts; else 421.

// misdirected is the message of the 421 of a request with the given Host.
func misdirected(host string) string {
	return fmt.Sprintf("Host %q is not a name of this server (a page on another name that resolves here is refused: DNS rebinding): "+
		"reach it by its address or localhost, or start it with -host NAME (Config.Hosts) to answer to another name", host)
}

// hostAllowed reports whether r's Host is a name of the server.
func (s *Server) hostAllowed(r *http.Request) bool {
	if r.Host == "" {
		return true // HTTP/1.0 without a Host: not a browser's request
	}
	name := hostName(r.Host)
	if name == "localhost" || s.hosts[name] {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(name, "[]"))
	if err != nil {
		return false
	}
	ip = ip.Unmap()
	if ip.IsLoopback() {
		return true
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	lip, err := netip.ParseAddrPort(local.String())
	return err == nil && lip.Addr().Unmap().WithZone("") == ip.WithZone("")
}

// hostName is the name of a Host header or a configured host, without
// its port and trailing dot, in lower case; an IPv6 literal keeps its
// brackets.
func hostName(host string) string {
	host = strings.ToLower(host)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
		if strings.Contains(h, ":") {
			host = "[" + h + "]"
		}
	}
	return strings.TrimSuffix(host, ".")
}

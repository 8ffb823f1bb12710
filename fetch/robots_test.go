package fetch

import (
	"slices"
	"testing"
)

const robotsExample = `# comments and odd spacing are fine
User-agent: *
Disallow: /private/
Allow: /private/open/
Disallow: /*.pdf$
Disallow: /search?

user-agent: BoilerNet
user-agent: otherbot
disallow: /nodrafts
Disallow: /drafts/
Allow: /drafts/public

Sitemap: https://example.com/sitemap.xml
User-agent: strictbot
Disallow: /
Sitemap: /relative-sitemap.xml
`

func TestRobotsAllowed(t *testing.T) {
	r := ParseRobots([]byte(robotsExample))
	tests := []struct {
		agent, path string
		want        bool
	}{
		// The "*" group.
		{"somebot/2.0", "/", true},
		{"somebot/2.0", "/private/x", false},
		{"somebot/2.0", "/private/open/x", true}, // the longer allow wins
		{"somebot/2.0", "/docs/a.pdf", false},
		{"somebot/2.0", "/docs/a.pdf?x=1", true}, // $ anchors the end
		{"somebot/2.0", "/search?q=x", false},
		{"somebot/2.0", "/search", true},
		// Our group, matched by product token, any case: "*" no longer applies.
		{"boilernet/1 (+https://github.com/boilernet/boilernet)", "/private/x", true},
		{"boilernet/1", "/drafts/a", false},
		{"boilernet/1", "/drafts/public/a", true},
		{"BOILERNET", "/nodrafts", false},
		{"otherbot", "/drafts/", false},
		{"strictbot/3", "/anything", false},
		{"strictbot/3", "/robots.txt", true}, // always allowed
		{"strictbot/3", "", false},           // the empty path is /
	}
	for _, tt := range tests {
		if got := r.Allowed(tt.agent, tt.path); got != tt.want {
			t.Errorf("Allowed(%q, %q) = %v, want %v", tt.agent, tt.path, got, tt.want)
		}
	}
	if want := []string{"https://example.com/sitemap.xml", "/relative-sitemap.xml"}; !slices.Equal(r.Sitemaps, want) {
		t.Errorf("Sitemaps %q, want %q", r.Sitemaps, want)
	}
}

func TestRobotsRules(t *testing.T) {
	tests := []struct {
		name, robots, path string
		want               bool
	}{
		{"empty file", "", "/x", true},
		{"no group for anyone", "User-agent: other\nDisallow: /\n", "/x", true},
		{"empty disallow", "User-agent: *\nDisallow:\n", "/x", true},
		{"tie: allow wins", "User-agent: *\nDisallow: /a\nAllow: /a\n", "/a", true},
		{"wildcard in the middle", "User-agent: *\nDisallow: /*/edit\n", "/page/12/edit/now", false},
		{"wildcards, anchored", "User-agent: *\nDisallow: /*a*b$\n", "/xaybzb", false},
		{"wildcards, anchored, no match", "User-agent: *\nDisallow: /*a*b$\n", "/xaybzc", true},
		{"only the end anchored", "User-agent: *\nDisallow: /$\n", "/", false},
		{"only the end anchored, longer path", "User-agent: *\nDisallow: /$\n", "/a", true},
		{"percent escapes compared decoded", "User-agent: *\nDisallow: /%7Euser/\n", "/~user/a", false},
		{"non-ASCII escaped", "User-agent: *\nDisallow: /café\n", "/caf%C3%A9/menu", false},
		{"escape case", "User-agent: *\nDisallow: /a%2fb\n", "/a%2Fb", false},
		{"pattern without slash", "User-agent: *\nDisallow: secret\n", "/secret/x", false},
		{"CR line ends", "User-agent: *\rDisallow: /x\r", "/x", false},
		{"BOM", "\uFEFFUser-agent: *\nDisallow: /x\n", "/x", false},
		{"groups of one agent merge", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "/b", false},
		{"rule before any group", "Disallow: /x\nUser-agent: *\nAllow: /\n", "/x", true},
		{"unknown lines keep the group", "User-agent: a\nCrawl-delay: 5\nUser-agent: *\nDisallow: /x\n", "/x", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ParseRobots([]byte(tt.robots)).Allowed("boilernet/1", tt.path); got != tt.want {
				t.Errorf("Allowed(%q) = %v, want %v", tt.path, got, tt.want)
			}
		})
	}
}

func TestAgentToken(t *testing.T) {
	for in, want := range map[string]string{
		"boilernet/1 (+https://x)": "boilernet",
		"  Googlebot-News ":        "googlebot-news",
		"*":                        "*",
		"probe/9":                  "probe",
		"":                         "",
	} {
		if got := agentToken(in); got != want {
			t.Errorf("agentToken(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRobotsSizeLimit(t *testing.T) {
	big := make([]byte, MaxRobotsBytes)
	for i := range big {
		big[i] = '\n'
	}
	r := ParseRobots(append(big, "User-agent: *\nDisallow: /\n"...))
	if !r.Allowed("x", "/a") {
		t.Error("a rule past MaxRobotsBytes was read")
	}
}

package metadata

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
)

func FuzzParseJSONLD(f *testing.F) {
	f.Add(`{"@context":"https://schema.org","@graph":[{"@type":"Article","author":{"@id":"#a"}},{"@id":"#a","name":"A"}]}`)
	f.Add(`[{"@type":["NewsArticle"],"headline":"x","image":[{"url":"a"}]}]`)
	f.Add("<!--{\"a\":[[[[{}]]]]}-->")
	f.Add(`{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`)
	f.Fuzz(func(t *testing.T, in string) {
		nodes, err := ParseJSONLD([]byte(in), "fuzz.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		if len(nodes) == 0 || len(nodes) > maxNodes {
			t.Fatalf("%d nodes", len(nodes))
		}
		g := graph{}
		for _, n := range nodes {
			articleRank(n)
			for k, v := range n {
				g.strs(v, k)
			}
		}
	})
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2025-09-04T10:00:00.5+02:00", "Thu, 04 Sep 2025 10:00:00 GMT", "Sep 4th, 2025", "04.09.2025", "2025/1/1 24:00", "Monday"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseDate(in)
		if err != nil {
			return
		}
		// The output is ISO 8601 and reads back as itself.
		if len(d) < 10 || d[4] != '-' || d[7] != '-' {
			t.Fatalf("ParseDate(%q) = %q, not ISO 8601", in, d)
		}
		if again, err := ParseDate(d); err != nil || again != d {
			t.Fatalf("ParseDate(%q) = %q, which reads back as %q, %v", in, d, again, err)
		}
	})
}

func FuzzExtract(f *testing.F) {
	f.Add(`<html lang="x"><head><meta property="og:title" content="t"><script type="application/ld+json">{"@type":"Article","author":"A and B"}</script></head><body><h1>t</h1><p class=byline>By X Y · May 5, 2020</p></body></html>`, "https://a.example/2020/01/02/x")
	f.Add(`<body><p>No h1</p><div class="author-box"><span>Written by</span> <a href="/author/x">b.s</a></div><p>Posted on 4 września 2011</p><a class=username>u</a>`, "")
	f.Add(`<script>x</script><div></div><html lang="de"><head><title>A b c ¶</title><meta property="og:title" content="a-b-c"></head><body><h1><span>Thread:</span> A b c #</h1><a rel=author>Visit the X Store</a></body></html>`, "https://x.example/")
	f.Add(`<base href="javascript:alert(1)//"><link rel=canonical href="story.html"><meta property="og:image" content="/pic.png">`, "https://a.example/")
	f.Add(`<base href=" data:text/html,x/"><link rel=canonical href="vbscript:x"><meta property="og:image" content="pic.png">`, "")
	f.Add(`<base href="::"><link rel=canonical href="%zz"><meta name="twitter:label1" content="Author"><meta name="twitter:data1" content="">`, "")
	f.Fuzz(func(t *testing.T, page, u string) {
		root, err := html.Parse(strings.NewReader(page))
		if err != nil {
			return
		}
		md := Extract(root, Options{URL: u, Text: page})
		for _, s := range []string{md.Title, md.SiteName, md.Description} {
			if len(s) > maxField || !utf8.ValidString(s) && utf8.ValidString(page) {
				t.Fatalf("field %.40q: %d bytes", s, len(s))
			}
		}
		for _, s := range []string{md.Canonical, md.Image} {
			if sc := sanitize.Scheme(s); sc != "" && sc != "http" && sc != "https" {
				t.Fatalf("URL field %.60q: scheme %q", s, sc)
			}
		}
		if len(md.Tags) > maxTags || len(md.Authors) > 20 {
			t.Fatalf("%d tags, %d authors", len(md.Tags), len(md.Authors))
		}
	})
}

func FuzzDateIn(f *testing.F) {
	for _, s := range []string{"Posted September 4th, 2025", "23.07.2025", "03/10/2023", "1 ноября 2011 г.", "Παρασκευή, 09 Δεκεμβρίου 2011",
		"2011年11月3日", "年2011年13月1日", "4 de septiembre de 2025", "2025.12.17"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, in string, mdy bool) {
		d, _ := dateIn(in, mdy)
		if d == "" {
			return
		}
		// A day in ISO 8601 that ParseDate reads back as itself.
		if again, err := ParseDate(d); len(d) != 10 || err != nil || again != d {
			t.Fatalf("dateIn(%q) = %q, which reads back as %q, %v", in, d, again, err)
		}
	})
}

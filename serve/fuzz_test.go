package serve

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
)

// FuzzParseRequest feeds the request parser any content type, query and
// body: it must not panic, every error must carry a 4xx status, and a
// parsed request must respect the limits it checks.
func FuzzParseRequest(f *testing.F) {
	f.Add("application/json", "", `{"html": "<p>x</p>", "options": {"method": "bilstm", "threshold": 0.3, "format": "html,markdown"}}`)
	f.Add("application/json", "", `{"url": "https://example.com/", "options": {"filter": "ancestor", "metadata": true, "links": true}}`)
	f.Add("application/json", "", `{"html": 1}`)
	f.Add("text/html; charset=iso-8859-1", "threshold=0.7&format=text&name=a.html", "<p>Gr\xfc\xdfe</p>")
	f.Add("text/html", "url=http://x/&keep_headline&filter_depth=3", "<html></html>")
	f.Add("text/plain", "threshold=NaN", "x")
	f.Add("multipart/form-data; boundary=x", "", "--x--")
	f.Add("", "", "")
	const maxBody = 1 << 12
	f.Fuzz(func(t *testing.T, contentType, query, body string) {
		r := httptest.NewRequest(http.MethodPost, "/v1/extract", strings.NewReader(body))
		r.URL.RawQuery = query
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
		req, err := ParseRequest(r, maxBody)
		if err != nil {
			var re *requestError
			if !errors.As(err, &re) || re.status < 400 || re.status > 499 {
				t.Fatalf("error %v without a 4xx status", err)
			}
			return
		}
		o := req.Options
		if !(o.Threshold >= 0 && o.Threshold <= 1) || o.FilterDepth < 0 {
			t.Fatalf("accepted options %+v", o)
		}
		if len(req.HTML) > maxBody {
			t.Fatalf("accepted a page of %d bytes", len(req.HTML))
		}
		if req.HTML == nil && req.URL == "" {
			t.Fatal("accepted a request with neither page nor URL")
		}
		if len(req.parts) == 0 {
			t.Fatal("no response parts")
		}
	})
}

// FuzzHighlight renders any page as the html part and parses the result
// again as the sandboxed frame does (scripting disabled): no element that
// runs code or loads a document, no event handler and no script URL may
// be left, and the policy must come first in the head.
func FuzzHighlight(f *testing.F) {
	f.Add(testPage)
	f.Add(`<noscript>&lt;script&gt;alert(1)&lt;/script&gt;</noscript><p>x</p>`)
	f.Add(`<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><math><mi>y</mi></math>`)
	f.Add(`<p><a href=" java\tscript:alert(1)">x</a><img src=x onerror=alert(1)><form action=javascript:1><button formaction=javascript:2>b</button></form></p>`)
	f.Add(`<table><td><template><script>1</script></template><object data=x></object><embed src=x></td></table>`)
	f.Add(`<frameset><frame src=x></frameset>`)
	f.Add(`<portal src=x></portal><fencedframe src=x></fencedframe><style>a{background:u\72l(x)}</style><p style="b:u\72l(y)">z</p>`)
	all := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = i%2 == 0
		}
		return sel, nil
	}))
	f.Fuzz(func(t *testing.T, page string) {
		res, err := all.ExtractBytes(t.Context(), []byte(page), infer.Options{})
		if err != nil {
			return
		}
		var sb strings.Builder
		if err := writeHighlighted(context.Background(), &sb, res, "https://example.com/a/"); err != nil {
			return
		}
		doc, err := html.ParseWithOptions(strings.NewReader(sb.String()), html.ParseOptionEnableScripting(false))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			name := strings.ToLower(n.Data)
			switch name {
			case "script", "iframe", "frame", "object", "embed", "applet", "base", "link", "portal", "fencedframe",
				"template", "video", "audio", "animate", "set", "foreignobject":
				t.Fatalf("<%s> left in %q\nfrom %q", name, sb.String(), page)
			case "meta":
				for _, a := range n.Attr {
					if a.Key == "http-equiv" && !strings.EqualFold(a.Val, "content-type") &&
						(a.Val != "Content-Security-Policy" || n.Attr[1].Val != FrameCSP) {
						t.Fatalf("meta http-equiv left in %q", sb.String())
					}
				}
			}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				if strings.HasPrefix(key, "on") || key == "srcdoc" || key == "action" || key == "formaction" {
					t.Fatalf("attribute %s left in %q\nfrom %q", a.Key, sb.String(), page)
				}
				if s := sanitize.Scheme(a.Val); s == "javascript" || s == "vbscript" {
					t.Fatalf("script URL in %s=%q left in %q", a.Key, a.Val, sb.String())
				}
			}
			if name == "head" {
				c := n.FirstChild
				for c != nil && c.Type != html.ElementNode {
					c = c.NextSibling
				}
				if c == nil || c.Data != "meta" {
					t.Fatalf("head does not start with meta: %q", sb.String())
				}
			}
		}
	})
}

// FuzzParseLabelRequest feeds the label request parser any body: it must
// not panic, every error must carry a 4xx status, and a request it
// accepts has a page, labels that exist and a name that labelset.ID
// takes.
func FuzzParseLabelRequest(f *testing.F) {
	f.Add(`{"page": "PHA+eDwvcD4=", "labels": ["content"], "name": "a b", "split": "dev", "url": "https://x/"}`)
	f.Add(`{"page": "PHA+eDwvcD4=", "labels": ["content"], "name": "../x"}`)
	f.Add(`{"page": "!!", "labels": ["kept"]}`)
	f.Add(`{"page": "PHA+eDwvcD4=", "labels": []} {}`)
	f.Fuzz(func(t *testing.T, body string) {
		req, err := ParseLabelRequest([]byte(body))
		if err != nil {
			var re *requestError
			if !errors.As(err, &re) || re.status < 400 || re.status > 499 {
				t.Fatalf("error %v without a 4xx status", err)
			}
			return
		}
		if len(req.Page) == 0 || len(req.Labels) == 0 {
			t.Fatalf("accepted %+v", req)
		}
		for _, l := range req.Labels {
			if l.String() != strings.ToLower(l.String()) || strings.HasPrefix(l.String(), "Label(") {
				t.Fatalf("accepted label %v", l)
			}
		}
		if req.Name != "" {
			if _, err := labelset.ID(req.Name, ""); err != nil {
				t.Fatalf("accepted name %q: %v", req.Name, err)
			}
		}
	})
}

package serve

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data/labelset"
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

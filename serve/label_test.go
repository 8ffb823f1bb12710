package serve

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/data/labelset"
)

// labelBody is a POST /v1/label body for testPage's 9 blocks.
func labelBody(name, split string, labels ...string) string {
	b, _ := json.Marshal(map[string]any{"page": []byte(testPage), "url": "https://news.example/a/storm.html", "name": name, "split": split, "labels": labels})
	return string(b)
}

// testLabels labels testPage: the nav and footer boilerplate, the
// headline, the two paragraphs content.
var testLabels = []string{"boilerplate", "boilerplate", "headline", "content", "content", "content", "content", "boilerplate", "boilerplate"}

func TestLabel(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "labels")
	labels, err := labelset.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer labels.Close()
	cfg := testConfig(newGate())
	cfg.MaxBody = 8192
	cfg.Labels = labels
	ts := newTestServer(t, cfg)

	// The blocks the page counts, from the extraction with the source.
	status, _, body := do(t, "POST", ts.URL+"/v1/extract", "application/json", jsonBody(testPage, `{"format": "json,source"}`))
	var ex Response
	if status != 200 || json.Unmarshal([]byte(body), &ex) != nil || len(ex.Blocks) != len(testLabels) || string(ex.Source) != testPage {
		t.Fatalf("extract: %d %s", status, body)
	}

	for _, tt := range []struct {
		name   string
		ctype  string
		body   string
		status int
		want   string
	}{
		{"saved", "application/json", labelBody("", "", testLabels...), 201, `"id":"news.example-a-storm","split":"train","folder":"labels","files":["html/news.example-a-storm.html"`},
		{"second goes to dev", "application/json", labelBody("", "", testLabels...), 201, `"id":"news.example-a-storm-2","split":"dev"`},
		{"named", "application/json", labelBody("storm by hand", "test", testLabels...), 201, `"id":"storm-by-hand","split":"test"`},
		{"name taken", "application/json", labelBody("storm-by-hand", "", testLabels...), 409, `exists: give another name`},
		{"dot dot", "application/json", labelBody("..", "", testLabels...), 400, `bad page name \"..\"`},
		{"escaping name", "application/json", labelBody("../../etc/x", "", testLabels...), 400, `path separator`},
		{"absolute name", "application/json", labelBody("/tmp/x", "", testLabels...), 400, `path separator`},
		{"bad split", "application/json", labelBody("x", "holdout", testLabels...), 400, `bad split \"holdout\"`},
		{"too few labels", "application/json", labelBody("x", "", "content"), 400, `9 blocks, 1 labels`},
		{"unknown label", "application/json", labelBody("x", "", "kept"), 400, `unknown label \"kept\"`},
		{"no page", "application/json", `{"labels": ["content"]}`, 400, `give \"page\"`},
		{"unknown field", "application/json", `{"page": "eA==", "labels": ["content"], "path": "/etc"}`, 400, `unknown field`},
		{"not json", "text/html", testPage, 415, `send application/json`},
		{"too large", "application/json", `{"page": "` + base64.StdEncoding.EncodeToString(make([]byte, 8192)) + `", "labels": ["content"]}`, 413, `larger than the limit`},
		{"binary page", "application/json", `{"page": "AAECAwQFBgcICQ==", "labels": ["content"]}`, 422, `binary`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := do(t, "POST", ts.URL+"/v1/label", tt.ctype, tt.body)
			if status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("%d %s, want %d with %s", status, body, tt.status, tt.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "html", "x.html")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused request wrote a page: %v", err)
	}
	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.IDs["train"]) != 1 || len(ds.IDs["dev"]) != 1 || len(ds.IDs["test"]) != 1 {
		t.Errorf("splits %v", ds.IDs)
	}
	doc, err := ds.Load("storm-by-hand", data.Options{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range testLabels {
		if want := l == "content" || l == "headline"; doc.Labels[i] != want {
			t.Errorf("block %d %q: data labels it %v", i, doc.Page.Blocks[i].Text, doc.Labels[i])
		}
	}
}

// Without a label folder the route is 404 and info says so; with a token
// it needs the token.
func TestLabelOffAndToken(t *testing.T) {
	ts := newTestServer(t, testConfig(newGate()))
	if status, _, body := do(t, "POST", ts.URL+"/v1/label", "application/json", labelBody("", "", testLabels...)); status != 404 || !strings.Contains(body, "-label-dir") {
		t.Errorf("no label folder: %d %s", status, body)
	}
	if _, _, body := do(t, "GET", ts.URL+"/v1/info", "", ""); !strings.Contains(body, `"label":false`) {
		t.Errorf("info %s", body)
	}
	labels, err := labelset.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer labels.Close()
	cfg := testConfig(newGate())
	cfg.Labels, cfg.Token = labels, "secret"
	ts = newTestServer(t, cfg)
	if status, _, _ := do(t, "POST", ts.URL+"/v1/label", "application/json", labelBody("", "", testLabels...)); status != 401 {
		t.Errorf("without the token: %d", status)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/v1/label", strings.NewReader(labelBody("", "", testLabels...)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Errorf("with the token: %d", resp.StatusCode)
	}
	// A page of another site posting to the server is refused.
	req, _ = http.NewRequest("POST", ts.URL+"/v1/label", strings.NewReader(labelBody("", "", testLabels...)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer secret")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("cross-site: %d", resp.StatusCode)
	}
}

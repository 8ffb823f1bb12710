package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"github.com/boilernet/boilernet/records/recordstest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// writeFixtures writes corpus files into dir: plain and gzipped WARC
// files of HTML pages with request and image records, a truncated copy,
// and a JSONL file with a bad line.
func writeFixtures(t *testing.T, dir string) {
	page, err := os.ReadFile("../../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, gz := range []bool{false, true} {
		var b bytes.Buffer
		add := func(rec recordstest.WARCRecord) {
			rec.ID = fmt.Sprintf("<urn:uuid:%d-%v>", b.Len(), gz)
			rec.Date = time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
			if err := recordstest.WriteWARC(&b, rec, gz); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 6 {
			url := fmt.Sprintf("https://example.org/%d", i)
			add(recordstest.WARCRecord{Type: "request", URL: url, ContentType: "application/http;msgtype=request", Block: []byte("GET / HTTP/1.1\r\n\r\n")})
			body := bytes.Replace(page, []byte("<body>"), fmt.Appendf(nil, "<body><p>Page %d of the fixture.</p>", i), 1)
			add(recordstest.WARCRecord{Type: "response", URL: url, ContentType: "application/http;msgtype=response",
				Block: recordstest.HTTPResponse(body, "Content-Type: text/html; charset=utf-8")})
		}
		add(recordstest.WARCRecord{Type: "response", URL: "https://example.org/x.png", ContentType: "application/http;msgtype=response",
			Block: recordstest.HTTPResponse([]byte("\x89PNG...."), "Content-Type: image/png")})
		name := map[bool]string{false: "a.warc", true: "b.warc.gz"}[gz]
		os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644)
		if !gz {
			os.WriteFile(filepath.Join(dir, "c.warc"), b.Bytes()[:b.Len()-300], 0o644)
		}
	}
	os.WriteFile(filepath.Join(dir, "d.jsonl"), []byte(`{"url": "https://example.org/j", "html": "<html><body><p>A page given as JSON, with enough words to keep.</p></body></html>"}`+"\nnot json\n"), 0o644)
}

func lines(t *testing.T, data []byte) []string {
	ls := strings.Split(strings.TrimSpace(string(data)), "\n")
	slices.Sort(ls)
	return ls
}

// TestPipeline runs the pipeline on the prism runner and checks that the
// union of its shards is boilernet extract -format jsonl's output on the same files,
// line for line.
func TestPipeline(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.Mkdir(in, 0o755)
	writeFixtures(t, in)

	bin := filepath.Join(dir, "boilernet")
	if out, err := exec.Command("go", "build", "-C", "../..", "-o", bin, "./cmd/boilernet").CombinedOutput(); err != nil {
		t.Fatalf("building boilernet: %v\n%s", err, out)
	}
	var want, stderr bytes.Buffer
	cmd := exec.Command(bin, "extract", "-q", "-format", "jsonl", in)
	cmd.Stdout, cmd.Stderr = &want, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("boilernet extract: %v\n%s", err, stderr.String())
	}

	p, s := beam.NewPipelineWithRoot()
	Build(s, Options{Input: filepath.Join(in, "*"), Output: filepath.Join(dir, "out"), Shards: 3})
	res, err := prism.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for i := range 3 {
		b, err := os.ReadFile(ShardName(filepath.Join(dir, "out"), i, 3))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b...)
	}
	g, w := lines(t, got), lines(t, want.Bytes())
	if len(g) != 40 {
		t.Errorf("%d lines, want 40", len(g))
	}
	if !slices.Equal(g, w) {
		t.Errorf("pipeline output differs from boilernet extract:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
	if !strings.Contains(stderr.String(), "40 records read: 18 extracted, 20 skipped, 2 failed") {
		t.Errorf("extract summary %q", stderr.String())
	}
	c := CountsOf(res)
	if c.Bytes <= 0 {
		t.Errorf("counter bytes = %d", c.Bytes)
	}
	c.Bytes = 0
	if want := (Counts{Files: 4, Records: 40, Pages: 18, Skipped: 20, Errors: 2}); c != want {
		t.Errorf("counters %+v, want %+v", c, want)
	}
}

// TestCheckInput checks that the input glob must match a file.
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	writeFixtures(t, dir)
	for _, tc := range []struct {
		glob  string
		files int    // matched
		err   string // in the error, if any
	}{
		{glob: filepath.Join(dir, "*"), files: 4},
		{glob: filepath.Join(dir, "*.warc*"), files: 3},
		{glob: filepath.Join(dir, "a.warc"), files: 1},
		{glob: "nothing/*.warc.gz", err: `input "nothing/*.warc.gz" matches no file`},
		{glob: filepath.Join(dir, "*.txt"), err: "matches no file"},
		{glob: filepath.Join(dir, "e.warc"), err: "matches no file"},
		{glob: filepath.Join(dir, "[.warc"), err: `[.warc": syntax error in pattern`},
		{glob: "nofs://bucket/*.warc", err: `input "nofs://bucket/*.warc"`},
		{glob: " ", err: "empty input glob"},
	} {
		files, err := CheckInput(context.Background(), tc.glob)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("CheckInput(%q): %v", tc.glob, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("CheckInput(%q) error %v, want one with %q", tc.glob, err, tc.err)
		case len(files) != tc.files:
			t.Errorf("CheckInput(%q) = %d files, want %d", tc.glob, len(files), tc.files)
		}
	}
}

// TestBuildNoMatch checks that the pipeline itself fails on a glob that
// matches no file (for callers that skip CheckInput).
func TestBuildNoMatch(t *testing.T) {
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	Build(s, Options{Input: filepath.Join(dir, "*.warc.gz"), Output: filepath.Join(dir, "out")})
	_, err := prism.Execute(context.Background(), p)
	if err == nil || !strings.Contains(err.Error(), "no files matching pattern") {
		t.Errorf("pipeline on no file: error %v", err)
	}
}

func TestCountsString(t *testing.T) {
	for _, tc := range []struct {
		c    Counts
		want string
	}{
		{Counts{}, "0 files (0 bytes), 0 records read: 0 extracted, 0 skipped, 0 failed"},
		{Counts{4, 1234, 40, 18, 20, 2}, "4 files (1234 bytes), 40 records read: 18 extracted, 20 skipped, 2 failed"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.c, got, tc.want)
		}
	}
}

func TestMain(m *testing.M) {
	ptest.MainWithDefault(m, "prism")
}

package serve

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boilernet/boilernet/infer"
)

// loadPages reads the pages of a load run: the test split of the dataset
// folder in BOILERNET_LOAD_DATA (e.g. ../../shared/data/cleaneval), or
// else the repository's sample page and synthetic pages.
func loadPages(tb testing.TB) [][]byte {
	tb.Helper()
	var paths []string
	if dir := os.Getenv("BOILERNET_LOAD_DATA"); dir != "" {
		ids, err := os.ReadFile(filepath.Join(dir, "test.txt"))
		if err != nil {
			tb.Fatal(err)
		}
		for id := range strings.FieldsSeq(string(ids)) {
			p := filepath.Join(dir, "html", id+".html")
			if _, err := os.Stat(p); err != nil {
				p += ".gz"
			}
			paths = append(paths, p)
		}
	} else {
		paths, _ = filepath.Glob("../testdata/synth/html/*.html")
		paths = append(paths, "../testdata/sample.html")
	}
	var pages [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil && strings.HasSuffix(p, ".gz") {
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(b)); err == nil {
				b, err = io.ReadAll(zr)
			}
		}
		if err != nil {
			tb.Fatal(err)
		}
		pages = append(pages, b)
	}
	if len(pages) == 0 {
		tb.Fatal("no pages")
	}
	return pages
}

func defaultServer(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	ex, err := infer.Default()
	if err != nil {
		tb.Fatal(err)
	}
	cfg.Extractor = ex
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	s, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkExtract runs POST /v1/extract in process (no network) with the
// embedded model on the load pages, one request per iteration, in
// parallel over GOMAXPROCS goroutines.
func BenchmarkExtract(b *testing.B) {
	pages := loadPages(b)
	s := defaultServer(b, Config{Queue: 1 << 20})
	for _, format := range []string{"text", "json", "html"} {
		b.Run(format, func(b *testing.B) {
			var next atomic.Int64
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					page := pages[int(next.Add(1))%len(pages)]
					r := httptest.NewRequest(http.MethodPost, "/v1/extract?format="+format, bytes.NewReader(page))
					r.Header.Set("Content-Type", "text/html")
					w := httptest.NewRecorder()
					s.ServeHTTP(w, r)
					if w.Code != http.StatusOK && w.Code != http.StatusUnprocessableEntity {
						b.Fatalf("status %d: %s", w.Code, w.Body)
					}
				}
			})
		})
	}
}

// TestLoad runs BOILERNET_LOAD_CLIENTS clients (default 8) against a real
// server on the loopback interface for BOILERNET_LOAD_SECONDS (default 5)
// and reports requests/s, p50/p99 latency, the 503s of the concurrency
// bound and the heap held under load. It runs only with BOILERNET_LOAD=1.
func TestLoad(t *testing.T) {
	if os.Getenv("BOILERNET_LOAD") == "" {
		t.Skip("load test: set BOILERNET_LOAD=1 (and optionally BOILERNET_LOAD_CLIENTS, BOILERNET_LOAD_SECONDS, BOILERNET_LOAD_DATA)")
	}
	clients := envInt("BOILERNET_LOAD_CLIENTS", 8)
	seconds := envInt("BOILERNET_LOAD_SECONDS", 5)
	pages := loadPages(t)
	s := defaultServer(t, Config{})
	addr, stopServe := listen(t, s)
	url := "http://" + addr + "/v1/extract?format=json"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: time.Minute}

	var mu sync.Mutex
	var latencies []time.Duration
	codes := map[int]int{}
	var bytesSent atomic.Int64
	stop := time.Now().Add(time.Duration(seconds) * time.Second)
	var maxHeap uint64
	sampled := make(chan struct{})
	go func() { // the heap in use, sampled
		defer close(sampled)
		var ms runtime.MemStats
		for time.Now().Before(stop) {
			runtime.ReadMemStats(&ms)
			maxHeap = max(maxHeap, ms.HeapInuse)
			time.Sleep(100 * time.Millisecond)
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(stop); i += clients {
				page := pages[i%len(pages)]
				t0 := time.Now()
				resp, err := client.Post(url, "text/html", bytes.NewReader(page))
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				d := time.Since(t0)
				mu.Lock()
				codes[resp.StatusCode]++
				if resp.StatusCode == http.StatusOK {
					latencies = append(latencies, d)
					bytesSent.Add(int64(len(page)))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	<-sampled
	if err := stopServe(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	t.Logf("%d clients, %v, %d pages (%.0f KiB mean), workers %d, queue %d", clients, elapsed.Round(time.Millisecond), len(pages),
		float64(totalSize(pages))/float64(len(pages))/1024, s.cfg.Workers, s.cfg.Queue)
	t.Logf("requests: %s; %.1f ok/s, %.2f MiB/s of pages extracted", fmtCodes(codes), float64(len(latencies))/elapsed.Seconds(),
		float64(bytesSent.Load())/elapsed.Seconds()/(1<<20))
	t.Logf("latency of the 200s: p50 %v, p99 %v, max %v; heap in use at most %.1f MiB",
		pct(.5).Round(100*time.Microsecond), pct(.99).Round(100*time.Microsecond), pct(1).Round(100*time.Microsecond), float64(maxHeap)/(1<<20))
	if codes[http.StatusOK] == 0 {
		t.Error("no request succeeded")
	}
}

func totalSize(pages [][]byte) int {
	n := 0
	for _, p := range pages {
		n += len(p)
	}
	return n
}

func fmtCodes(codes map[int]int) string {
	var parts []string
	for _, c := range slices.Sorted(func(yield func(int) bool) {
		for c := range codes {
			if !yield(c) {
				return
			}
		}
	}) {
		parts = append(parts, fmt.Sprintf("%d×%d", codes[c], c))
	}
	return strings.Join(parts, ", ")
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

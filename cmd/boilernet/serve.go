package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/serve"
	"github.com/boilernet/boilernet/shallow"
)

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", serve.DefaultAddr, "address to listen on (host:port)")
	model := addModelFlags(fs, "")
	treePath := fs.String("tree", "", "tree file for method tree")
	maxBody := fs.String("max-body", serve.FormatSize(serve.DefaultMaxBody), "largest request body (bytes, or with KiB, MiB, GiB; at most "+serve.FormatSize(maxServeBody)+")")
	workers := fs.Int("workers", 0, "extractions at once (0: all cores; at most 256)")
	queue := fs.Int("queue", 0, "requests admitted beyond the workers (being read, fetched or waiting for a worker) before 503 (0: 4 × workers, -1: none; at most 65536)")
	memoryBudget := fs.String("memory-budget", "0", "bytes of request bodies and fetched pages held at once across all connections (bytes, or with KiB, MiB, GiB), "+
		"reserved as a body arrives (16 KiB first, then the buffer it goes into, doubling up to its Content-Length or -max-body); a request that does not fit gets 503 with Retry-After "+
		"(0: -max-body × workers, e.g. 32MiB with the default -max-body on 2 cores; at least -max-body)")
	memoryLimit := fs.String("memory-limit", "0", "the process's soft memory limit, near which the garbage collector runs more often (bytes, or with KiB, MiB, GiB; "+
		"0: workers × 224MiB + 8 × -memory-budget, e.g. 704MiB on 2 cores; -1: none); GOMEMLIMIT in the environment overrides it")
	timeout := fs.Duration("timeout", serve.DefaultTimeout, "per-request time limit (fetching, waiting, extracting and rendering)")
	readTimeout := fs.Duration("read-timeout", serve.DefaultReadTimeout, "time limit of reading a request, body included")
	writeTimeout := fs.Duration("write-timeout", 0, "time limit from a request's headers to the end of its answer; more than -timeout (0: -read-timeout + -timeout + 5s)")
	uploadStall := fs.Duration("upload-stall", serve.DefaultUploadStallTimeout, "longest wait for each 16 KiB of a request body: a slower upload is cut with 408")
	idleTimeout := fs.Duration("idle-timeout", serve.DefaultIdleTimeout, "how long a kept-alive connection waits for its next request")
	noFetch := fs.Bool("no-fetch", false, "do not fetch URLs: a request's url is only the base for its page's links")
	allowPrivate := fs.Bool("allow-private", false, "let fetched URLs reach loopback, private, link-local and metadata addresses")
	token := fs.String("token", "", "require the header 'Authorization: Bearer TOKEN' on every /v1/ API call (401 otherwise); "+
		"the page at / stays open: open it as http://ADDR/#token=TOKEN and its calls carry the token "+
		"(default: the environment variable BOILERNET_TOKEN, which unlike a flag other users cannot see in ps)")
	labelDir := fs.String("label-dir", "", "save the pages labeled in the server's page (POST /v1/label) as dataset entries into this folder, created if missing "+
		"(html/, gold/, labels/, train.txt, dev.txt, meta.tsv; docs/labeling.md); default: no label mode")
	var hosts hostFlags
	fs.Var(&hosts, "host", "a name the server answers to besides its address and localhost, 127.0.0.0/8 and [::1] "+
		"(repeatable, or comma-separated; e.g. the name of a reverse proxy in front of it); a request with another Host gets 421, "+
		"so a page on an attacker's name that comes to resolve here (DNS rebinding) cannot use the server")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "boilernet serve: unexpected argument %q\n", fs.Arg(0))
		return errUsage
	}
	if err := checkFlags(fs, between("workers", 0, maxWorkers), between("queue", -1, serve.MaxQueue), atLeast("networks", 0)); err != nil {
		return err
	}
	if err := checkTimeouts(*timeout, *readTimeout, *idleTimeout, *uploadStall, *writeTimeout); err != nil {
		return err
	}
	limit, budget, memLimit, err := serveSizes(*maxBody, *memoryBudget, *memoryLimit)
	if err != nil {
		return err
	}
	if *token == "" {
		*token = os.Getenv("BOILERNET_TOKEN")
	}
	ex, err := model.extractor()
	if err != nil {
		return err
	}
	if *workers != 1 {
		bilstm.SetBLASThreads(1) // pages in parallel: one BLAS thread each
	}
	var labels *labelset.Dir
	if *labelDir != "" {
		if labels, err = labelset.Open(*labelDir); err != nil {
			return fmt.Errorf("-label-dir: %w", err)
		}
		defer labels.Close()
	}
	var fetcher serve.Fetcher
	if !*noFetch {
		fetcher = serve.FetchWith(fetch.New(fetch.Options{Timeout: *timeout, MaxBytes: limit, DenyPrivate: !*allowPrivate}))
	}
	srv, err := serve.New(serve.Config{Extractor: ex, Tree: func() (*shallow.Tree, error) { return loadTree(*treePath) }, Fetch: fetcher,
		MaxBody: limit, Workers: *workers, Queue: *queue, MemoryBudget: budget, MemoryLimit: memLimit, Token: *token, Hosts: hosts, Labels: labels,
		Timeout: *timeout, ReadTimeout: *readTimeout, WriteTimeout: *writeTimeout, IdleTimeout: *idleTimeout, UploadStallTimeout: *uploadStall,
		Logger: slog.New(slog.NewTextHandler(stderr, nil))})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.ListenAndServe(ctx, *addr)
}

// maxServeBody bounds serve's -max-body.
const maxServeBody = 1 << 30

// checkTimeouts refuses serve's time limits that are not positive, and
// a -write-timeout (0: the default) not longer than -timeout.
func checkTimeouts(timeout, read, idle, stall, write time.Duration) error {
	for name, d := range map[string]time.Duration{"timeout": timeout, "read-timeout": read, "idle-timeout": idle, "upload-stall": stall} {
		if d <= 0 {
			return fmt.Errorf("-%s %v: must be > 0", name, d)
		}
	}
	if write < 0 || (write > 0 && write <= timeout) {
		return fmt.Errorf("-write-timeout %v: must be more than -timeout (%v), or 0 for the default", write, timeout)
	}
	return nil
}

// serveSizes reads the sizes of -max-body, -memory-budget and
// -memory-limit ("0": the default; -memory-limit "-1": none).
func serveSizes(maxBody, memoryBudget, memoryLimit string) (limit, budget, memLimit int64, err error) {
	limit, err = serve.ParseSize(maxBody)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("-max-body: %v", err)
	}
	if limit > maxServeBody {
		return 0, 0, 0, fmt.Errorf("-max-body %s: must be at most 1GiB", maxBody)
	}
	if memoryBudget != "0" {
		if budget, err = serve.ParseSize(memoryBudget); err != nil {
			return 0, 0, 0, fmt.Errorf("-memory-budget: %v", err)
		}
		if budget < limit {
			return 0, 0, 0, fmt.Errorf("-memory-budget %s: less than -max-body (%s), so a body of unknown length would never fit", memoryBudget, maxBody)
		}
	}
	switch memoryLimit {
	case "0":
	case "-1":
		memLimit = -1
	default:
		if memLimit, err = serve.ParseSize(memoryLimit); err != nil {
			return 0, 0, 0, fmt.Errorf("-memory-limit: %v (or 0 for the default, -1 for none)", err)
		}
	}
	return limit, budget, memLimit, nil
}

// hostFlags is serve's -host: names, repeatable or comma-separated.
type hostFlags []string

func (f *hostFlags) String() string { return strings.Join(*f, ",") }

func (f *hostFlags) Set(s string) error {
	for h := range strings.SplitSeq(s, ",") {
		h = strings.TrimSpace(h)
		if h == "" || strings.ContainsAny(h, "/ ") {
			return fmt.Errorf("bad host %q: give a name (example.org) or host:port", h)
		}
		*f = append(*f, h)
	}
	return nil
}

package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/serve"
	"github.com/boilernet/boilernet/shallow"
)

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	model := addModelFlags(fs, "")
	treePath := fs.String("tree", "", "tree file for method tree")
	maxBody := fs.String("max-body", "16MiB", "largest request body (bytes, or with KiB, MiB, GiB)")
	workers := fs.Int("workers", 0, "extractions at once (0: all cores; at most 256)")
	queue := fs.Int("queue", 0, "requests waiting for a worker before 503 (0: 4 × workers, -1: none)")
	timeout := fs.Duration("timeout", serve.DefaultTimeout, "per-request time limit (fetching, waiting and extracting)")
	readTimeout := fs.Duration("read-timeout", serve.DefaultReadTimeout, "time limit of reading a request, body included")
	writeTimeout := fs.Duration("write-timeout", 0, "time limit from a request's headers to the end of its answer; more than -timeout (0: -read-timeout + -timeout + 5s)")
	idleTimeout := fs.Duration("idle-timeout", serve.DefaultIdleTimeout, "how long a kept-alive connection waits for its next request")
	noFetch := fs.Bool("no-fetch", false, "do not fetch URLs: a request's url is only the base for its page's links")
	allowPrivate := fs.Bool("allow-private", false, "let fetched URLs reach loopback, private, link-local and metadata addresses")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "boilernet serve: unexpected argument %q\n", fs.Arg(0))
		return errUsage
	}
	if err := checkFlags(fs, between("workers", 0, maxWorkers), atLeast("queue", -1), atLeast("networks", 0)); err != nil {
		return err
	}
	for name, d := range map[string]time.Duration{"timeout": *timeout, "read-timeout": *readTimeout, "idle-timeout": *idleTimeout} {
		if d <= 0 {
			return fmt.Errorf("-%s %v: must be > 0", name, d)
		}
	}
	if *writeTimeout < 0 || (*writeTimeout > 0 && *writeTimeout <= *timeout) {
		return fmt.Errorf("-write-timeout %v: must be more than -timeout (%v), or 0 for the default", *writeTimeout, *timeout)
	}
	limit, err := parseSize(*maxBody)
	if err != nil {
		return fmt.Errorf("-max-body: %v", err)
	}
	ex, err := model.load()
	if err != nil {
		return err
	}
	if *workers != 1 {
		bilstm.SetBLASThreads(1) // pages in parallel: one BLAS thread each
	}
	var fetcher serve.Fetcher
	if !*noFetch {
		fetcher = serve.FetchWith(fetch.New(fetch.Options{Timeout: *timeout, MaxBytes: limit, DenyPrivate: !*allowPrivate}))
	}
	srv, err := serve.New(serve.Config{
		Extractor:    ex,
		Resolve:      resolver(ex, *treePath),
		Methods:      methods.Names,
		Filters:      methods.Filters,
		Fetch:        fetcher,
		MaxBody:      limit,
		Workers:      *workers,
		Queue:        *queue,
		Timeout:      *timeout,
		ReadTimeout:  *readTimeout,
		WriteTimeout: *writeTimeout,
		IdleTimeout:  *idleTimeout,
		Logger:       slog.New(slog.NewTextHandler(stderr, nil)),
	})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.ListenAndServe(ctx, *addr)
}

// resolver runs the methods of the registry for the server; ex is the
// loaded neural model, shared by every request.
func resolver(ex *infer.Extractor, tree string) serve.Resolver {
	reg := methods.New(methods.Config{
		Model: func() (*infer.Extractor, error) { return ex, nil },
		Tree:  func() (*shallow.Tree, error) { return loadTree(tree) },
	})
	return reg.Extractor
}

// parseSize reads a byte count: a number with an optional unit (B, KB,
// KiB, MB, MiB, GB, GiB; the k-units are all 1024-based).
func parseSize(s string) (int64, error) {
	num := strings.TrimRight(s, "KMGiBkmgb")
	unit := strings.ToLower(s[len(num):])
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	mult := map[string]int64{"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("bad size %q: unknown unit", s)
	}
	return n * mult, nil
}

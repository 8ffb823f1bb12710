package serve

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/semaphore"
)

// An extraction request is admitted before its body is read: it reserves
// the first piece of its body (uploadStep bytes, or its Content-Length
// when smaller) in the memory budget, and the reservation grows with the
// bytes that actually arrive (the buffer they go into doubles, up to its
// Content-Length, or MaxBody when the length is unknown). A body must keep
// arriving, uploadStep bytes per UploadStallTimeout, or the request is
// dropped (408). Once read, the request takes one of Workers+Queue places
// (requests fetched, waiting for a worker or extracted) and keeps only
// its page's bytes; a page it fetches is reserved (fetch's limit, counted
// decompressed) before its body is read and kept in turn. Whatever does
// not fit is answered 503 with Retry-After at once, so memory held is
// bounded by the budget however many connections come, and connections
// that announce a body and send nothing hold uploadStep bytes each, no
// place, and only until the stall timeout.

// uploadStep is the first reservation of a body, and the bytes of it that
// must arrive per UploadStallTimeout.
const uploadStep = 16 << 10

// The 503s of admission.
var (
	errBusy   = &requestError{http.StatusServiceUnavailable, "server busy: too many requests in progress; retry later"}
	errMemory = &requestError{http.StatusServiceUnavailable, "server busy: its memory for pages is taken; retry later"}
)

// budget is the memory budget: the bytes of request bodies and fetched
// pages held at once, across all connections. It never waits: a
// reservation that does not fit fails. It is a fetch.Budget.
type budget struct {
	sem   *semaphore.Weighted
	size  int64
	held  atomic.Int64
	peak  atomic.Int64 // the most held at once, for tests and the log
	gauge prometheus.Gauge
}

func newBudget(size int64, gauge prometheus.Gauge) *budget {
	return &budget{sem: semaphore.NewWeighted(size), size: size, gauge: gauge}
}

// TryAcquire reserves n bytes, or reports false when they are not free.
func (b *budget) TryAcquire(n int64) bool {
	if !b.sem.TryAcquire(n) {
		return false
	}
	held := b.held.Add(n)
	for {
		peak := b.peak.Load()
		if held <= peak || b.peak.CompareAndSwap(peak, held) {
			break
		}
	}
	b.gauge.Add(float64(n))
	return true
}

// Release gives n reserved bytes back.
func (b *budget) Release(n int64) {
	if n == 0 {
		return
	}
	b.held.Add(-n)
	b.gauge.Sub(float64(n))
	b.sem.Release(n)
}

// ticket is an admitted request's bytes held and, once its body is read,
// its place. The handler holds it and, once the extraction has a worker,
// the worker too: the last to let go gives both back, so a request
// answered at its deadline keeps counting until its extraction has
// stopped.
type ticket struct {
	s      *Server
	bytes  int64 // held in the budget
	placed bool  // holds a place
	refs   atomic.Int32
}

// admit reserves the first piece of a body of the given Content-Length
// (-1 when unknown), or fails with errMemory.
func (s *Server) admit(contentLength int64) (*ticket, error) {
	n := min(s.cfg.MaxBody, uploadStep)
	if contentLength >= 0 {
		n = min(contentLength, n)
	}
	if !s.budget.TryAcquire(n) {
		return nil, errMemory
	}
	t := &ticket{s: s, bytes: n}
	t.refs.Store(1)
	return t, nil
}

// place takes one of the Workers+Queue places, or fails with errBusy.
func (t *ticket) place() error {
	if t.placed {
		return nil
	}
	if !t.s.places.TryAcquire(1) {
		return errBusy
	}
	t.placed = true
	t.s.metrics.admitted.Inc()
	return nil
}

// keep makes the ticket hold n bytes: it gives back the rest, or
// reserves more (a body's buffer growing as it arrives; a JSON page whose
// invalid UTF-8 decodes longer than its body) and reports false when
// there is no room.
func (t *ticket) keep(n int64) bool {
	switch {
	case n < t.bytes:
		t.s.budget.Release(t.bytes - n)
	case n > t.bytes && !t.s.budget.TryAcquire(n-t.bytes):
		return false
	}
	t.bytes = n
	return true
}

// add counts n bytes reserved for the request elsewhere (a fetched page).
func (t *ticket) add(n int64) { t.bytes += n }

// hold adds a holder (the worker).
func (t *ticket) hold() { t.refs.Add(1) }

// done lets go of the ticket; the last holder gives back its bytes and
// place.
func (t *ticket) done() {
	if t.refs.Add(-1) != 0 {
		return
	}
	t.s.budget.Release(t.bytes)
	if t.placed {
		t.s.places.Release(1)
		t.s.metrics.admitted.Dec()
	}
}

// acquireWorker waits for a worker until ctx is done.
func (s *Server) acquireWorker(ctx context.Context) error {
	s.metrics.queued.Inc()
	err := s.workers.Acquire(ctx, 1)
	s.metrics.queued.Dec()
	if err != nil {
		return fmt.Errorf("waiting for a worker: %w after %v", errTimeout, s.cfg.Timeout)
	}
	s.metrics.inFlight.Inc()
	return nil
}

func (s *Server) releaseWorker() {
	s.metrics.inFlight.Dec()
	s.workers.Release(1)
}

// authorized reports whether r may call the API: the server has no token,
// or r carries it as "Authorization: Bearer <token>" (compared in
// constant time, as hashes, so that neither its bytes nor its length
// leak).
func (s *Server) authorized(r *http.Request) bool {
	if s.tokenHash == nil {
		return true
	}
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return subtle.ConstantTimeCompare(sum[:], s.tokenHash) == 1
}

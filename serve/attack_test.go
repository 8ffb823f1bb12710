//go:build attack

// The attack tests re-measure two memory attacks on a server that runs as
// a separate process (the serve command), on the loopback interface only:
//
//	go build -o /tmp/bn ./cmd/boilernet
//	BOILERNET_BIN=/tmp/bn go test -tags attack -run TestAttack -v -timeout 10m ./serve
//
// Each starts `$BOILERNET_BIN serve -addr 127.0.0.1:PORT -allow-private`
// (plus the words of BOILERNET_ATTACK_ARGS), attacks it, and reports how
// many requests the server held and how many it refused, and the server's
// peak resident memory (VmHWM of /proc/PID/status, and the largest VmRSS
// sampled during the attack). They assert nothing about memory: they
// measure; BOILERNET_ATTACK_MAX_RSS_MIB makes a peak above it an error.
//
//   - TestAttackStalledUploads: BOILERNET_ATTACK_UPLOADS (200) connections
//     each announce a 16 MiB page, send all of it but its last byte, and
//     stall.
//   - TestAttackStalledFetches: BOILERNET_ATTACK_FETCHES (150) tiny
//     {"url": ...} requests name a loopback server, spelled differently
//     each time (localhost, 127.0.0.1, [::ffff:7f00:1] with zeros written
//     out in many ways), that answers with about 40 KB of gzip inflating
//     to 16 MiB less a byte and stalls.
//
// Every request loop is bounded in count and time, and the server is
// killed at the end.
package serve

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// attackHold is how long the attack's requests are kept open once sent.
const attackHold = 8 * time.Second

// pageSize is the attack's page: the serve command's default -max-body.
const pageSize = 16 << 20

// attackServer is the server process under attack.
type attackServer struct {
	cmd     *exec.Cmd
	addr    string
	peakRSS atomic.Int64 // largest VmRSS sampled, bytes
	stop    chan struct{}
	sampled chan struct{}
}

// startAttackServer runs $BOILERNET_BIN serve on a free loopback port and
// samples its resident memory until stopped.
func startAttackServer(t *testing.T) *attackServer {
	t.Helper()
	bin := os.Getenv("BOILERNET_BIN")
	if bin == "" {
		t.Skip("set BOILERNET_BIN to a boilernet binary (go build -o /tmp/bn ./cmd/boilernet)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	args := append([]string{"serve", "-addr", addr, "-allow-private"}, strings.Fields(os.Getenv("BOILERNET_ATTACK_ARGS"))...)
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &attackServer{cmd: cmd, addr: addr, stop: make(chan struct{}), sampled: make(chan struct{})}
	t.Cleanup(s.kill)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not up in 30 s: %v", err)
		}
	}
	t.Logf("server: %s %s (pid %d), start RSS %.0f MiB", bin, strings.Join(args, " "), cmd.Process.Pid, mib(s.status("VmRSS")))
	go s.sample()
	return s
}

func (s *attackServer) sample() {
	defer close(s.sampled)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if rss := s.status("VmRSS"); rss > s.peakRSS.Load() {
			s.peakRSS.Store(rss)
		}
		select {
		case <-s.stop:
			return
		case <-tick.C:
		}
	}
}

// status reads a kB field of /proc/PID/status, in bytes (0 when gone).
func (s *attackServer) status(field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// report logs the peak memory and checks BOILERNET_ATTACK_MAX_RSS_MIB.
func (s *attackServer) report(t *testing.T, what string) {
	t.Helper()
	hwm := s.status("VmHWM")
	if s.cmd.ProcessState != nil || hwm == 0 {
		t.Errorf("%s: the server died", what)
	}
	t.Logf("%s: server peak RSS %.0f MiB (VmHWM), largest sample %.0f MiB, RSS now %.0f MiB",
		what, mib(hwm), mib(s.peakRSS.Load()), mib(s.status("VmRSS")))
	if limit := envInt("BOILERNET_ATTACK_MAX_RSS_MIB", 0); limit > 0 && mib(hwm) > float64(limit) {
		t.Errorf("%s: peak RSS %.0f MiB over BOILERNET_ATTACK_MAX_RSS_MIB=%d", what, mib(hwm), limit)
	}
}

func (s *attackServer) kill() {
	select {
	case <-s.stop:
		return
	default:
	}
	close(s.stop)
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

// tally counts what became of the attack's requests by the end of the
// hold: "held" (no answer, still open), "refused NNN" (an answer with that
// status) or "reset" (closed without an answer).
type tally struct {
	counts  map[string]int
	slowest time.Duration // the latest answer, from the attack's start
}

// answer is one request's outcome and when it came.
type answer struct {
	outcome string
	after   time.Duration
}

// collect waits until the end of the hold for each request's answer.
func collect(answers []chan answer, until time.Time) *tally {
	out := &tally{counts: map[string]int{}}
	for _, ch := range answers {
		a, ok := waitAnswer(ch, until)
		if !ok {
			out.counts["held"]++
			continue
		}
		out.counts[a.outcome]++
		out.slowest = max(out.slowest, a.after)
	}
	return out
}

func waitAnswer(ch chan answer, until time.Time) (answer, bool) {
	select {
	case a := <-ch:
		return a, true
	default:
	}
	timer := time.NewTimer(time.Until(until))
	defer timer.Stop()
	select {
	case a := <-ch:
		return a, true
	case <-timer.C:
		return answer{}, false
	}
}

func (c *tally) String() string {
	var parts []string
	for k, v := range c.counts {
		parts = append(parts, fmt.Sprintf("%s: %d", k, v))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ") + fmt.Sprintf(" (the last answer came %v after the start)", c.slowest.Round(time.Millisecond))
}

// TestAttackStalledUploads: connections that send 16 MiB less a byte of
// an announced 16 MiB page and stall.
func TestAttackStalledUploads(t *testing.T) {
	srv := startAttackServer(t)
	n := envInt("BOILERNET_ATTACK_UPLOADS", 200)
	body := bytes.Repeat([]byte("<p>stall</p>"), pageSize/12+1)[:pageSize-1]
	head := fmt.Sprintf("POST /v1/extract HTTP/1.1\r\nHost: %s\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", srv.addr, pageSize)
	var sent sync.WaitGroup
	var conns []net.Conn
	var mu sync.Mutex
	answers := make([]chan answer, n)
	start := time.Now()
	reply := func(i int, outcome string) { answers[i] <- answer{outcome, time.Since(start)} }
	for i := range n {
		answers[i] = make(chan answer, 1)
		sent.Add(1)
		go func() {
			defer sent.Done()
			conn, err := net.Dial("tcp", srv.addr)
			if err != nil {
				reply(i, "dial error")
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
			go func() { // the answer, if one comes
				resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
				if err != nil {
					reply(i, "reset")
					return
				}
				resp.Body.Close()
				reply(i, fmt.Sprintf("refused %d", resp.StatusCode))
			}()
			io.WriteString(conn, head)
			conn.Write(body) // fails once the server hangs up
		}()
	}
	sent.Wait()
	t.Logf("%d uploads of %d of %d bytes sent in %v; holding %v", n, pageSize-1, pageSize, time.Since(start).Round(time.Millisecond), attackHold)
	out := collect(answers, time.Now().Add(attackHold))
	srv.report(t, "stalled uploads")
	t.Logf("stalled uploads: %s", out)
	mu.Lock()
	for _, c := range conns {
		c.Close()
	}
	mu.Unlock()
}

// gzipBomb is a gzip stream, flushed but not finished, of an HTML page of
// size bytes.
func gzipBomb(t *testing.T, size int) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	page := bytes.Repeat([]byte("<p>stall</p>"), size/12+1)[:size]
	zw.Write(page)
	zw.Flush() // no trailer: the reader waits for more
	return buf.Bytes()
}

// TestAttackStalledFetches: tiny requests naming a page that inflates to
// 16 MiB less a byte and stalls, each spelling the loopback host anew.
func TestAttackStalledFetches(t *testing.T) {
	bomb := gzipBomb(t, pageSize-1)
	var served atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	evil := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb)
		w.(http.Flusher).Flush()
		select { // stall
		case <-r.Context().Done():
		case <-ctx.Done():
		}
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go evil.Serve(ln)
	defer evil.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())

	srv := startAttackServer(t)
	n := envInt("BOILERNET_ATTACK_FETCHES", 150)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: 0}}
	answers := make([]chan answer, n)
	start := time.Now()
	reply := func(i int, outcome string) { answers[i] <- answer{outcome, time.Since(start)} }
	for i, host := range loopbackSpellings(n) {
		answers[i] = make(chan answer, 1)
		go func() {
			body := fmt.Sprintf(`{"url": "http://%s:%s/%d", "options": {"format": "text"}}`, host, port, i)
			req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+srv.addr+"/v1/extract", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := client.Do(req)
			if err != nil {
				reply(i, "reset")
				return
			}
			b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
			resp.Body.Close()
			o := fmt.Sprintf("refused %d", resp.StatusCode)
			if resp.StatusCode != 503 {
				o += " (" + strings.TrimSpace(string(b)) + ")"
			}
			reply(i, o)
		}()
	}
	t.Logf("%d fetch requests sent (gzip of %d bytes inflating to %d); holding %v", n, len(bomb), pageSize-1, attackHold)
	out := collect(answers, time.Now().Add(attackHold))
	srv.report(t, "stalled gzip fetches")
	t.Logf("stalled gzip fetches: %s; the page server was asked %d times", out, served.Load())
}

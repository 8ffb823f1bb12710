package serve

import (
	"math"
	"net/http"
	"runtime/debug"
	"testing"
	"time"
)

// TestMemoryLimit: the soft memory limit defaults to Workers ×
// MemoryPerWorker + 8 × MemoryBudget, negative is none; Serve sets it
// while it runs and puts the one before back, and leaves it alone when
// GOMEMLIMIT is set.
func TestMemoryLimit(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name    string
		workers int
		budget  int64
		limit   int64  // Config.MemoryLimit
		env     string // GOMEMLIMIT
		want    int64  // the resolved Config.MemoryLimit
		inServe int64  // the process's limit while Serve runs
	}{
		{"default, 2 workers", 2, 0, 0, "", 704 * mib, 704 * mib},
		{"default, 4 workers and a budget", 4, 100 * mib, 0, "", 4*224*mib + 800*mib, 4*224*mib + 800*mib},
		{"given", 2, 0, 300 * mib, "", 300 * mib, 300 * mib},
		{"none", 2, 0, -1, "", math.MaxInt64, -1},
		{"GOMEMLIMIT wins", 2, 0, 300 * mib, "123MiB", 300 * mib, -1},
		{"a budget that overflows", 1, math.MaxInt64 / 2, 0, "", math.MaxInt64, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOMEMLIMIT", tt.env)
			cfg := testConfig(newGate())
			cfg.Workers, cfg.MemoryBudget, cfg.MemoryLimit = tt.workers, tt.budget, tt.limit
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if s.cfg.MemoryLimit != tt.want {
				t.Errorf("MemoryLimit %d MiB, want %d MiB", s.cfg.MemoryLimit/mib, tt.want/mib)
			}
			before := debug.SetMemoryLimit(-1)
			addr, stop := listen(t, s)
			for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				resp, err := http.Get("http://" + addr + "/healthz")
				if err == nil {
					resp.Body.Close()
					break
				}
				if time.Now().After(deadline) {
					t.Fatal(err)
				}
			}
			want := tt.inServe
			if want < 0 {
				want = before
			}
			if got := debug.SetMemoryLimit(-1); got != want {
				t.Errorf("limit while serving %d MiB, want %d MiB", got/mib, want/mib)
			}
			if err := stop(); err != nil {
				t.Fatal(err)
			}
			if got := debug.SetMemoryLimit(-1); got != before {
				t.Errorf("limit after Serve %d MiB, want the one before, %d MiB", got/mib, before/mib)
			}
		})
	}
}

package serve

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseSize reads a byte count as the server's flags and documentation
// write it: a number with an optional unit (B, KB, KiB, MB, MiB, GB, GiB;
// the k-units are all 1024-based), e.g. 16MiB.
func ParseSize(s string) (int64, error) {
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
	if n > math.MaxInt64/mult {
		return 0, fmt.Errorf("bad size %q: too large", s)
	}
	return n * mult, nil
}

// FormatSize writes a byte count as ParseSize reads it, in the largest
// unit that divides it (16MiB).
func FormatSize(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}

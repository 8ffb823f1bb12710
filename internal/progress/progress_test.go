package progress

import (
	"strings"
	"testing"
)

func TestBar(t *testing.T) {
	var none *Bar = New(nil, 10, "x", "pages")
	if none != nil {
		t.Fatal("a bar without a writer")
	}
	none.Add(1) // a nil bar draws nothing and does not panic
	none.Describe("y")
	none.Finish()
	none.End(true)
	var sb strings.Builder
	b := New(&sb, 3, "loading", "pages")
	if b == nil {
		t.Fatal("no bar for a writer")
	}
	b.Add(3)
	b.End(false)
	none.SetTotal(2)
	u := New(&sb, -1, "walking", "pages") // no total yet
	u.Add(2)
	u.SetTotal(3)
	u.Add(1)
	u.End(false)
}

package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestWalkOrderIsFilesOrder: Walk yields the pages of a tree in the order
// Files gives them (the sorted full paths), a directory's entries sorted
// as their paths are ("a/" after "a.html" and "a-b.html", before "ab.html").
func TestWalkOrderIsFilesOrder(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.html", "a-b.html", "a/z.html", "a/b/c.htm", "a/b.html", "ab.html", "ab/x.html.gz", "B.HTML",
		"b/c/d.htm", "skip.txt", "a.b/x.html", "a0.html"} {
		path := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(tinyPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := Files(context.Background(), []string{root, filepath.Join(root, "a.html")})
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, p := range files {
		want = append(want, p.Name)
	}
	for p := range Walk(context.Background(), []string{root, filepath.Join(root, "a.html")}) {
		got = append(got, p.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Walk:\n%q\nFiles:\n%q", got, want)
	}
	if !slices.IsSorted(want[:len(want)-1]) || len(want) != 12 {
		t.Errorf("Files: %q", want)
	}
	// A path that does not exist is a page that fails.
	var missing []Page
	for p := range Walk(context.Background(), []string{filepath.Join(root, "nope")}) {
		missing = append(missing, p)
	}
	if len(missing) != 1 {
		t.Fatalf("%d pages for a missing path", len(missing))
	}
	if _, err := missing[0].Open(context.Background()); !os.IsNotExist(err) {
		t.Errorf("missing path: %v", err)
	}
}

// TestStreamStartsBeforeTheInputsEnd: the first page is emitted while the
// sequence of pages is still waiting, and no more than 4×workers pages are
// taken ahead of the last one emitted.
func TestStreamStartsBeforeTheInputsEnd(t *testing.T) {
	const workers, n = 2, 200
	var taken, emitted atomic.Int64
	firstOut := make(chan struct{})
	pages := func(yield func(Page) bool) {
		for i := range n {
			if i == 1 {
				select { // the second page only once the first is out
				case <-firstOut:
				case <-time.After(10 * time.Second):
					t.Error("the first page was not emitted before the second was taken")
				}
			}
			if ahead := taken.Load() - emitted.Load(); ahead > 4*workers {
				t.Errorf("page %d taken with %d pages not emitted", i, ahead)
			}
			taken.Add(1)
			if !yield(Bytes(fmt.Sprint(i), []byte(tinyPage), "", "")) {
				return
			}
		}
	}
	var names []string
	err := Stream(context.Background(), keepAll, pages, Options{Workers: workers}, func(o Outcome) {
		if o.Err != nil {
			t.Error(o.Err)
		}
		if o.Index == 0 {
			close(firstOut)
		}
		emitted.Add(1)
		names = append(names, o.Page.Name)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		if name != fmt.Sprint(i) {
			t.Fatalf("outcome %d is page %s", i, name)
		}
	}
	if len(names) != n {
		t.Errorf("%d outcomes of %d pages", len(names), n)
	}
}

// TestStreamKeepsPlaceOfNonPages: a page whose Open gives no body and no
// error is not extracted and keeps its place.
func TestStreamKeepsPlaceOfNonPages(t *testing.T) {
	skip := Page{Name: "skip", Open: func(context.Context) (*Body, error) { return nil, nil }}
	pages := []Page{Bytes("a", []byte(tinyPage), "", ""), skip, Bytes("b", []byte(tinyPage), "", ""), skip}
	var got []string
	if err := Run(context.Background(), keepAll, pages, Options{Workers: 3}, func(o Outcome) {
		got = append(got, fmt.Sprintf("%s:%v:%v", o.Page.Name, o.Result != nil, o.Err))
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"a:true:<nil>", "skip:false:<nil>", "b:true:<nil>", "skip:false:<nil>"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStreamStopsTakingPages: once ctx is done, Stream returns and the
// sequence's yield returns false.
func TestStreamStopsTakingPages(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan int, 1)
	pages := func(yield func(Page) bool) {
		for i := 0; ; i++ {
			if !yield(Bytes(fmt.Sprint(i), []byte(tinyPage), "", "")) {
				stopped <- i
				return
			}
		}
	}
	err := Stream(ctx, keepAll, pages, Options{Workers: 1}, func(o Outcome) {
		if o.Index == 3 {
			cancel()
		}
	})
	if err != context.Canceled {
		t.Errorf("err %v", err)
	}
	select {
	case i := <-stopped:
		if i > 3+4+2 {
			t.Errorf("%d pages taken", i)
		}
	case <-time.After(10 * time.Second):
		t.Error("the sequence was not stopped")
	}
}

// TestEmptyStream: no pages, no outcome, no error.
func TestEmptyStream(t *testing.T) {
	if err := Stream(context.Background(), keepAll, slices.Values([]Page(nil)), Options{}, func(Outcome) { t.Error("outcome") }); err != nil {
		t.Error(err)
	}
}

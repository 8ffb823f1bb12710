// Package corpus filters a stream of extraction results the way corpus
// builders do: text already seen earlier in the stream (paragraphs, and
// whole pages) is dropped, and pages outside the wanted languages are
// skipped, each counted. Results must be given in the stream's order (the
// order of the output), so that "earlier" does not depend on how many
// workers extracted them.
package corpus

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/infer"
	lru "github.com/hashicorp/golang-lru/v2"
)

// DefaultSeen is the number of paragraph hashes a Filter remembers (8
// bytes each, plus the cache's bookkeeping: about 10 MB).
const DefaultSeen = 100_000

// MinDuplicateBytes is the shortest paragraph (normalized) that Dedup
// drops when it repeats: short lines ("Share", "Read more") are left to
// the extractor, which already drops them where they are boilerplate.
const MinDuplicateBytes = 40

// Options configure a Filter.
type Options struct {
	// Dedup drops each paragraph whose text (case, spacing and
	// punctuation aside, at least MinDuplicateBytes) an earlier page had,
	// and marks a page whose whole text an earlier page had.
	Dedup bool
	// Seen bounds the paragraph hashes remembered (the least recently
	// seen are forgotten first); 0 means DefaultSeen.
	Seen int
	// Languages, when not empty, keeps only pages whose language
	// (metadata.Metadata.Language, its primary subtag: "pt" for "pt-BR")
	// is one of these; others are skipped, as are pages of unknown
	// language.
	Languages []string
}

// Stats counts what a Filter did.
type Stats struct {
	Pages            int // results given to Apply
	SkippedLanguage  int // pages skipped for their language
	DuplicatePages   int // pages whose whole text an earlier page had
	DroppedParagraph int // paragraphs dropped as repeats
}

// String summarizes the counts for a run's last line.
func (s Stats) String() string {
	return fmt.Sprintf("%d pages: %d skipped for their language, %d duplicate pages, %d repeated paragraphs dropped",
		s.Pages, s.SkippedLanguage, s.DuplicatePages, s.DroppedParagraph)
}

// Verdict is what a Filter decided about one page.
type Verdict struct {
	// Skip, when not "", says why the page is left out of the output.
	Skip string
	// DuplicateOf names the earlier page whose whole text this page has
	// ("" otherwise); its text is then empty, every paragraph a repeat.
	DuplicateOf string
	// Dropped counts the paragraphs dropped as repeats.
	Dropped int
}

// Filter applies Options to a stream of results. It is not safe for
// concurrent use: results come one at a time, in the output's order.
type Filter struct {
	opts  Options
	langs map[string]bool
	seen  *lru.Cache[uint64, struct{}]
	pages *lru.Cache[uint64, string]
	seed  maphash.Seed // the text hashes' key, drawn for each Filter
	stats Stats
}

// New returns a Filter for opts.
func New(opts Options) (*Filter, error) {
	f := &Filter{opts: opts, seed: maphash.MakeSeed()}
	if len(opts.Languages) > 0 {
		f.langs = map[string]bool{}
		for _, l := range opts.Languages {
			l = primary(l)
			if l == "" || strings.ContainsFunc(l, func(r rune) bool { return r < 'a' || r > 'z' }) {
				return nil, fmt.Errorf("corpus: %q is not a language code (such as en or pt-BR)", l)
			}
			f.langs[l] = true
		}
	}
	if opts.Dedup {
		n := opts.Seen
		if n == 0 {
			n = DefaultSeen
		}
		if n < 0 {
			return nil, fmt.Errorf("corpus: %d paragraph hashes", n)
		}
		var err error
		if f.seen, err = lru.New[uint64, struct{}](n); err != nil {
			return nil, err
		}
		if f.pages, err = lru.New[uint64, string](n); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Active reports whether the filter does anything (Dedup or Languages).
func (f *Filter) Active() bool { return f.seen != nil || f.langs != nil }

// Stats returns the counts so far.
func (f *Filter) Stats() Stats { return f.stats }

// Apply filters the result of the page named name: it returns the result
// to write (r itself, or a copy without its repeated paragraphs) and the
// verdict. A page skipped for its language is not remembered.
func (f *Filter) Apply(name string, r *infer.Result) (*infer.Result, Verdict) {
	f.stats.Pages++
	var v Verdict
	if f.langs != nil {
		lang := ""
		if r.Metadata != nil {
			lang = primary(r.Metadata.Language)
		}
		if !f.langs[lang] {
			f.stats.SkippedLanguage++
			if lang == "" {
				lang = "unknown"
			}
			v.Skip = fmt.Sprintf("language %s, not %s", lang, strings.Join(f.opts.Languages, ","))
			return r, v
		}
	}
	if f.seen == nil {
		return r, v
	}
	paras := r.Paragraphs()
	if key, ok := f.hashOf(strings.Join(paras, "\n")); ok {
		if first, dup := f.pages.Get(key); dup {
			v.DuplicateOf = first
			f.stats.DuplicatePages++
		} else {
			f.pages.Add(key, name)
		}
	}
	var drop []int
	for k, p := range paras {
		key, ok := f.hashOf(p)
		if !ok {
			continue
		}
		if _, dup := f.seen.Get(key); dup {
			drop = append(drop, k)
		} else {
			f.seen.Add(key, struct{}{})
		}
	}
	if v.DuplicateOf != "" {
		drop = drop[:0]
		for k := range paras {
			drop = append(drop, k)
		}
	}
	v.Dropped = len(drop)
	f.stats.DroppedParagraph += len(drop)
	return r.WithoutParagraphs(drop), v
}

// hashOf is the hash of text's letters and digits, lowercased, keyed by
// the filter's seed: no page can be written to collide with another's
// paragraph and have it dropped, as it could with an unkeyed hash such as
// FNV; ok is false when they are fewer than MinDuplicateBytes bytes.
func (f *Filter) hashOf(text string) (key uint64, ok bool) {
	var h maphash.Hash
	h.SetSeed(f.seed)
	var buf []byte
	for _, r := range strings.ToLower(text) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			buf = utf8.AppendRune(buf, r)
		}
	}
	h.Write(buf)
	return h.Sum64(), len(buf) >= MinDuplicateBytes
}

// primary returns the primary subtag of a language tag, lowercased.
func primary(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

// Languages parses a -lang list: codes joined by commas.
func Languages(list string) []string {
	var out []string
	for l := range strings.SplitSeq(list, ",") {
		if l = strings.TrimSpace(l); l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// Package data reads labeled datasets of web pages, parses their gold
// annotations and labels every leaf text block of a page content or
// boilerplate by aligning the page to its gold.
//
// A dataset is a folder laid out like the ones in ../shared/data:
//
//	html/<id>.html        the pages (or html/<id>.html.gz, gzip-compressed)
//	gold/<id>.txt         gold text (CleanEval or plain format), or
//	annotated/<id>.html   the page annotated in the L3S-GN1 format
//	train.txt dev.txt test.txt   split files, one id per line
//	meta.tsv              optional: one row per id, tab-separated, header line
//	snippets/<id>.json    optional: must-include and must-exclude strings (Snippets)
//	markdown/<id>.md      optional: the gold as Markdown (ReadMarkdown)
package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/boilernet/boilernet/internal/limits"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/sync/errgroup"
)

// Splits returns the split names a dataset folder may have, in order.
func Splits() []string { return []string{"train", "dev", "test"} }

// GoldKind says how a dataset stores its gold.
type GoldKind int

const (
	// GoldText is gold/<id>.txt, in the CleanEval or the plain format
	// (decided per file by IsCleanEval).
	GoldText GoldKind = iota
	// GoldAnnotated is annotated/<id>.html in the L3S-GN1 format.
	GoldAnnotated
)

// Dataset is an opened dataset folder.
type Dataset struct {
	Name string // the folder's base name
	Dir  string
	Gold GoldKind
	// IDs maps each split name present to its ids, in file order.
	IDs map[string][]string
	// Meta maps an id to its row of meta.tsv, column name to value (nil
	// when the dataset has no meta.tsv).
	Meta map[string]map[string]string
}

// groupColumns are the meta.tsv columns that group a dataset's pages for
// reporting, in order of preference: WCXB's page type, DAnIEL's language.
var groupColumns = []string{"page_type", "language"}

// Group returns the reporting group of a page (its page type or language
// from meta.tsv), or "" when the dataset does not group its pages.
func (d *Dataset) Group(id string) string {
	row := d.Meta[id]
	for _, c := range groupColumns {
		if v := row[c]; v != "" {
			return v
		}
	}
	return ""
}

// Options control how documents are loaded. The zero value gives the
// defaults.
type Options struct {
	// WithComments counts user comments (text after a Dragnet comments
	// separator line) as content.
	WithComments bool
	// Tokenize is passed to tokenize.Parse for the pages.
	Tokenize tokenize.Options
	// Strict makes the first document that cannot be loaded (a missing
	// or binary page or gold file, say) stop a run over many documents:
	// Stats here, and training and evaluation. By default such a
	// document is reported to Skip, left out and counted.
	Strict bool
	// Skip, if not nil, receives the error of each document left out; it
	// names the file and what is wrong with it. It may be called from
	// several goroutines at once.
	Skip func(err error)
}

// Tolerate handles the error of a document that could not be loaded in a
// run over many: it returns err when o.Strict, and otherwise reports err
// to o.Skip and returns nil (the caller leaves the document out).
func (o Options) Tolerate(err error) error {
	if o.Strict {
		return err
	}
	if o.Skip != nil {
		o.Skip(err)
	}
	return nil
}

// Open reads a dataset folder: it needs html/ and either gold/ or
// annotated/, and reads the split files present.
func Open(dir string) (*Dataset, error) {
	d := &Dataset{Name: filepath.Base(filepath.Clean(dir)), Dir: dir, IDs: map[string][]string{}}
	if !isDir(filepath.Join(dir, "html")) {
		return nil, fmt.Errorf("dataset %s: no html/ folder", dir)
	}
	switch {
	case isDir(filepath.Join(dir, "annotated")):
		d.Gold = GoldAnnotated
	case isDir(filepath.Join(dir, "gold")):
		d.Gold = GoldText
	default:
		return nil, fmt.Errorf("dataset %s: neither gold/ nor annotated/ folder", dir)
	}
	for _, split := range Splits() {
		ids, err := readIDs(filepath.Join(dir, split+".txt"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("dataset %s: %w", dir, err)
		}
		d.IDs[split] = ids
	}
	if len(d.IDs) == 0 {
		return nil, fmt.Errorf("dataset %s: no split files (train.txt, dev.txt, test.txt)", dir)
	}
	meta, err := readMeta(filepath.Join(dir, "meta.tsv"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("dataset %s: %w", dir, err)
	}
	d.Meta = meta
	return d, nil
}

// readMeta reads a tab-separated file whose header names the columns and
// whose first column is the id.
func readMeta(path string) (map[string]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	r.LazyQuotes = true
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", path, err)
	}
	meta := map[string]map[string]string{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return meta, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(rec) != len(header) {
			line, _ := r.FieldPos(0)
			return nil, fmt.Errorf("%s:%d: %d fields, the header has %d", path, line, len(rec), len(header))
		}
		row := make(map[string]string, len(header)-1)
		for i := 1; i < len(header); i++ {
			row[header[i]] = rec[i]
		}
		meta[rec[0]] = row
	}
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func readIDs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if id := strings.TrimSpace(sc.Text()); id != "" {
			if strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
				return nil, fmt.Errorf("%s: bad id %q", path, id)
			}
			ids = append(ids, id)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ids, nil
}

// Document is one loaded page with its gold and block labels.
type Document struct {
	ID      string
	Dataset string // the dataset's name
	Page    *tokenize.Page
	Gold    Gold
	Labeling
}

// maxPageSize bounds the decompressed size of a dataset page: the limit of
// every reader of pages.
const maxPageSize = limits.MaxPageSize

// ReadPage returns the raw bytes of a page: html/<id>.html, or else
// html/<id>.html.gz decompressed, and the path it read.
func (d *Dataset) ReadPage(id string) ([]byte, string, error) {
	path := filepath.Join(d.Dir, "html", id+".html")
	raw, err := os.ReadFile(path)
	if !errors.Is(err, os.ErrNotExist) {
		return raw, path, err
	}
	path += ".gz"
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, path, fmt.Errorf("%s: no such page (nor %s): %w", strings.TrimSuffix(path, ".gz"), filepath.Base(path), os.ErrNotExist)
	}
	if err != nil {
		return nil, path, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, path, fmt.Errorf("%s: %w", path, err)
	}
	raw, err = io.ReadAll(io.LimitReader(z, maxPageSize+1))
	if err != nil {
		return nil, path, fmt.Errorf("%s: %w", path, err)
	}
	if len(raw) > maxPageSize {
		return nil, path, fmt.Errorf("%s: larger than %d MiB decompressed", path, maxPageSize>>20)
	}
	return raw, path, nil
}

// LoadEach loads the documents ids on all cores and calls fn with each
// loaded one and its index in ids; fn runs concurrently. A document that
// cannot be loaded goes to opts.Tolerate: left out (fn is not called for
// it), or with opts.Strict the first such error stops the run and is
// returned.
func (d *Dataset) LoadEach(ids []string, opts Options, fn func(i int, doc *Document)) error {
	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, id := range ids {
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // another document's error stops the run
			}
			doc, err := d.Load(id, opts)
			if err != nil {
				return opts.Tolerate(err)
			}
			fn(i, doc)
			return nil
		})
	}
	return g.Wait()
}

// Load reads, parses and labels the document with the given id.
func (d *Dataset) Load(id string, opts Options) (*Document, error) {
	raw, htmlPath, err := d.ReadPage(id)
	if err != nil {
		return nil, err
	}
	raw, label := stripCleanEvalWrapper(raw)
	topts := opts.Tokenize
	if topts.Charset == "" {
		topts.Charset = label
	}
	page, err := tokenize.Parse(raw, topts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", htmlPath, err)
	}
	gold, err := d.loadGold(id, opts)
	if err != nil {
		return nil, err
	}
	return &Document{ID: id, Dataset: d.Name, Page: page, Gold: gold, Labeling: Label(page.Blocks, gold)}, nil
}

func (d *Dataset) loadGold(id string, opts Options) (Gold, error) {
	if d.Gold == GoldAnnotated {
		path := filepath.Join(d.Dir, "annotated", id+".html")
		raw, err := os.ReadFile(path)
		if err != nil {
			return Gold{}, err
		}
		g, err := ParseAnnotated(raw)
		if err != nil {
			return Gold{}, fmt.Errorf("%s: %w", path, err)
		}
		return g, nil
	}
	path := filepath.Join(d.Dir, "gold", id+".txt")
	raw, err := os.ReadFile(path)
	if err != nil {
		return Gold{}, err
	}
	text, ok := goldText(raw)
	if !ok {
		return Gold{}, fmt.Errorf("%s: binary content, not gold text", path)
	}
	if IsCleanEval(text) {
		return ParseCleanEval(text), nil
	}
	return ParsePlain(text, opts.WithComments), nil
}

// goldText decodes a gold file (UTF-8, UTF-16 or UTF-8 with a byte-order
// mark, else a legacy encoding) and reports whether it is text: no NUL and
// at most one control character (other than tab, newline, carriage return,
// form feed, vertical tab and escape) in 100 among its first 8 KiB.
func goldText(raw []byte) (string, bool) {
	text := tokenize.DecodeText(raw)
	if strings.IndexByte(text, 0) >= 0 {
		return "", false
	}
	head := text[:min(len(text), 8192)]
	control := 0
	for _, c := range []byte(head) {
		if c < 0x20 && !strings.ContainsRune("\t\n\r\f\v\x1b", rune(c)) || c == 0x7f {
			control++
		}
	}
	return text, control*100 <= len(head)
}

// cleanEvalWrapper matches the <text id=".." title=".." encoding=".."> line
// that the CleanEval organisers put around every page.
var cleanEvalWrapper = regexp.MustCompile(`^\s*<text\s[^>]*>`)

var encodingAttr = regexp.MustCompile(`encoding="([^"]*)"`)

// stripCleanEvalWrapper removes the CleanEval <text ...> wrapper, which is
// not part of the page (its element would otherwise appear on every block's
// path), and returns the wrapper's encoding label.
func stripCleanEvalWrapper(raw []byte) ([]byte, string) {
	head := raw[:min(len(raw), 4096)]
	loc := cleanEvalWrapper.FindIndex(head)
	if loc == nil {
		return raw, ""
	}
	var label string
	if m := encodingAttr.FindSubmatch(head[:loc[1]]); m != nil {
		label = string(m[1])
	}
	body := raw[loc[1]:]
	trimmed := bytes.TrimRight(body, " \t\r\n")
	if end, ok := bytes.CutSuffix(trimmed, []byte("</text>")); ok {
		body = end
	}
	return body, label
}

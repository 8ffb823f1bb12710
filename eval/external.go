package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/data"
)

// ExternalLine is one line of an external tool's output file (JSON Lines:
// one JSON object per line, blank lines allowed):
//
//	{"dataset": "wcxb", "id": "0001", "text": "the extracted text"}
//
// ID is the page's id in its dataset and is required. Dataset, the base
// name of the dataset folder, is optional: it is needed only when an id
// occurs in more than one of the datasets evaluated. Text is the tool's
// extracted text and is required unless Error is set; Error says that the
// tool failed on the page (the page is then scored as an empty
// extraction). Other fields are ignored.
type ExternalLine struct {
	Dataset string `json:"dataset,omitempty"`
	ID      string `json:"id"`
	Text    string `json:"text"`
	Error   string `json:"error,omitempty"`
}

// WriteExternalLine writes l as one JSON line (HTML characters are not
// escaped).
func WriteExternalLine(w io.Writer, l ExternalLine) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(l)
}

// ExternalFile names one output file of an external tool: the method name
// it is reported under and the file's path.
type ExternalFile struct{ Name, Path string }

// ParseExternalFlag parses NAME=FILE[,NAME2=FILE2...] (the -external flag
// of boilernet eval; spaces around names and files are dropped). A name may
// be given several times, e.g. with one file per dataset; its files are
// read together.
func ParseExternalFlag(s string) ([]ExternalFile, error) {
	var out []ExternalFile
	for _, item := range strings.Split(s, ",") {
		name, path, ok := strings.Cut(item, "=")
		name, path = strings.TrimSpace(name), strings.TrimSpace(path)
		if !ok || name == "" || path == "" {
			return nil, fmt.Errorf("bad external output %q: want NAME=FILE", item)
		}
		out = append(out, ExternalFile{Name: name, Path: path})
	}
	return out, nil
}

// External is an external tool's output on the pages of one split of one
// or more datasets, checked against those pages. Use it as a Method with
// Method.
type External struct {
	Name  string
	Split string
	// pages maps a dataset name and a page id to the page's entry.
	pages map[string]map[string]externalEntry
	// ids maps a page id to the datasets whose split holds it.
	ids      map[string][]string
	datasets map[string]*data.Dataset
	names    []string // dataset names, in the order given
}

// externalEntry is one page's output and where it was read.
type externalEntry struct {
	text   string
	failed bool
	source string
	line   int
}

// NewExternal returns an empty External for the split of the given
// datasets, which must have distinct names; add its files with ReadFile
// or Read.
func NewExternal(name, split string, datasets []*data.Dataset) (*External, error) {
	e := &External{Name: name, Split: split, pages: map[string]map[string]externalEntry{},
		ids: map[string][]string{}, datasets: map[string]*data.Dataset{}}
	for _, ds := range datasets {
		if _, dup := e.datasets[ds.Name]; dup {
			return nil, fmt.Errorf("two datasets are named %s: an external output cannot tell them apart", ds.Name)
		}
		ids, ok := ds.IDs[split]
		if !ok {
			return nil, fmt.Errorf("dataset %s has no %s split", ds.Dir, split)
		}
		e.datasets[ds.Name] = ds
		e.names = append(e.names, ds.Name)
		e.pages[ds.Name] = map[string]externalEntry{}
		for _, id := range ids {
			e.ids[id] = append(e.ids[id], ds.Name)
		}
	}
	return e, nil
}

// ReadExternal reads an external tool's output files (see ExternalLine)
// for the split of the given datasets.
func ReadExternal(name, split string, datasets []*data.Dataset, paths ...string) (*External, error) {
	e, err := NewExternal(name, split, datasets)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if err := e.ReadFile(p); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// ReadExternals reads every file of the -external flag, the files of one
// name into one External; the result is in the order the names first
// appear.
func ReadExternals(files []ExternalFile, split string, datasets []*data.Dataset) ([]*External, error) {
	var out []*External
	byName := map[string]*External{}
	for _, f := range files {
		e := byName[f.Name]
		if e == nil {
			var err error
			if e, err = NewExternal(f.Name, split, datasets); err != nil {
				return nil, err
			}
			byName[f.Name] = e
			out = append(out, e)
		}
		if err := e.ReadFile(f.Path); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ReadFile reads one output file into e.
func (e *External) ReadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s output: %w", e.Name, err)
	}
	defer f.Close()
	return e.Read(f, path)
}

// Read reads JSON lines from r into e; source names r in errors. A
// malformed line, a line without id or text, an id that is not a page of
// the split (or of the line's dataset), an id found in several datasets
// without a dataset field, and a page given twice (in any of e's files)
// are errors naming the source and the line.
func (e *External) Read(r io.Reader, source string) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		raw, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(raw)) > 0 {
			if lerr := e.addLine(raw, source, n); lerr != nil {
				return lerr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", source, n, err)
		}
	}
}

// addLine parses and records line n of source.
func (e *External) addLine(raw []byte, source string, n int) error {
	var l struct {
		Dataset *string `json:"dataset"`
		ID      *string `json:"id"`
		Text    *string `json:"text"`
		Error   *string `json:"error"`
	}
	if err := json.Unmarshal(raw, &l); err != nil {
		return fmt.Errorf("%s:%d: malformed JSON line: %v", source, n, err)
	}
	if l.ID == nil || *l.ID == "" {
		return fmt.Errorf("%s:%d: no \"id\"", source, n)
	}
	id := *l.ID
	failed := l.Error != nil && *l.Error != ""
	if l.Text == nil && !failed {
		return fmt.Errorf("%s:%d: page %q has no \"text\" (nor an \"error\")", source, n, id)
	}
	var ds string
	switch in := e.ids[id]; {
	case l.Dataset != nil && *l.Dataset != "":
		ds = *l.Dataset
		if _, ok := e.datasets[ds]; !ok {
			return fmt.Errorf("%s:%d: dataset %q is not evaluated (datasets: %s)", source, n, ds, strings.Join(e.names, ", "))
		}
		if !slices.Contains(in, ds) {
			return fmt.Errorf("%s:%d: unknown id %q: not a page of the %s split of %s", source, n, id, e.Split, ds)
		}
	case len(in) == 0:
		return fmt.Errorf("%s:%d: unknown id %q: not a page of the %s split of %s", source, n, id, e.Split, strings.Join(e.names, " or "))
	case len(in) > 1:
		return fmt.Errorf("%s:%d: id %q is a page of %s: add a \"dataset\" field", source, n, id, strings.Join(in, " and "))
	default:
		ds = in[0]
	}
	if prev, dup := e.pages[ds][id]; dup {
		return fmt.Errorf("%s:%d: duplicate id %q of %s (first at %s:%d)", source, n, id, ds, prev.source, prev.line)
	}
	en := externalEntry{failed: failed, source: source, line: n}
	if l.Text != nil && !failed {
		en.text = *l.Text
	}
	e.pages[ds][id] = en
	return nil
}

// Method returns e as a text-only method on the pages of ds: a page that
// is missing from e's files or that the tool failed on has no output and
// is scored as an empty extraction.
func (e *External) Method(ds *data.Dataset) Method {
	pages := e.pages[ds.Name]
	return Method{Name: e.Name, Text: func(d *data.Document) (string, bool) {
		en, ok := pages[d.ID]
		return en.text, ok && !en.failed
	}}
}

// Missing returns the ids of the split of ds that e has no line for, in
// split order.
func (e *External) Missing(ds *data.Dataset) []string {
	var out []string
	for _, id := range ds.IDs[e.Split] {
		if _, ok := e.pages[ds.Name][id]; !ok {
			out = append(out, id)
		}
	}
	return out
}

// Failed returns the ids of the split of ds whose line reports an error,
// in split order.
func (e *External) Failed(ds *data.Dataset) []string {
	var out []string
	for _, id := range ds.IDs[e.Split] {
		if en, ok := e.pages[ds.Name][id]; ok && en.failed {
			out = append(out, id)
		}
	}
	return out
}

package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Snippets are a page's must-include and must-exclude strings
// (snippets/<id>.json of a dataset that has them, such as WCXB): With
// holds sentences a correct extraction contains, Without strings
// (navigation, calls to action, teasers, footers) it must not contain.
type Snippets struct {
	With    []string `json:"with"`
	Without []string `json:"without"`
}

// HasSnippets reports whether the dataset has a snippets/ folder.
func (d *Dataset) HasSnippets() bool { return isDir(filepath.Join(d.Dir, "snippets")) }

// HasMarkdown reports whether the dataset has a markdown/ folder: the
// gold as Markdown (headings, lists, tables, code fences).
func (d *Dataset) HasMarkdown() bool { return isDir(filepath.Join(d.Dir, "markdown")) }

// ReadSnippets reads snippets/<id>.json; ok is false when the page has
// no such file.
func (d *Dataset) ReadSnippets(id string) (s Snippets, ok bool, err error) {
	path := filepath.Join(d.Dir, "snippets", id+".json")
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Snippets{}, false, nil
	}
	if err != nil {
		return Snippets{}, false, err
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return Snippets{}, false, fmt.Errorf("%s: %w", path, err)
	}
	return s, true, nil
}

// ReadMarkdown reads the gold Markdown markdown/<id>.md; ok is false when
// the page has no such file.
func (d *Dataset) ReadMarkdown(id string) (md string, ok bool, err error) {
	raw, err := os.ReadFile(filepath.Join(d.Dir, "markdown", id+".md"))
	if errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return string(raw), true, nil
}

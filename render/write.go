package render

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/boilernet/boilernet/infer"
)

// formats are the output formats of a page, each with its file
// extension.
var formats = []struct{ name, ext string }{
	{"text", ".txt"}, {"json", ".json"}, {"jsonl", ".jsonl"}, {"html", ".html"}, {"markdown", ".md"}, {"xml", ".xml"}, {"tei", ".tei.xml"},
}

// Formats returns the output formats Write writes: text, json, jsonl,
// html, markdown, xml, tei (boilernet extract's -format).
func Formats() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// IsFormat reports whether format is one of Formats.
func IsFormat(format string) bool { return slices.Contains(Formats(), format) }

// Ext is the file extension of a format's files (.txt, .json, .jsonl,
// .html, .md, .xml, .tei.xml); "" for an unknown format.
func Ext(format string) string {
	for _, f := range formats {
		if f.name == format {
			return f.ext
		}
	}
	return ""
}

// Write writes one page in format (one of Formats), as boilernet extract
// writes a page alone: text (its text and a newline; nothing for an
// empty text), markdown (Markdown), html (Highlighted), xml (XML), tei
// (TEI), json (rec indented, with r's encoding and blocks) or jsonl (rec
// on one line). rec is r's record (NewRecord) with what the caller adds
// (why the page was skipped, whose text it repeats, or the error of a
// page that failed: then r is nil and only json and jsonl write it).
func Write(w io.Writer, format string, r *infer.Result, rec Record) error {
	var err error
	switch format {
	case "json":
		if r != nil {
			rec.Encoding, rec.Blocks = r.Encoding, r.Blocks
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rec)
	case "jsonl":
		return json.NewEncoder(w).Encode(rec)
	case "text":
		if rec.Text != "" {
			_, err = fmt.Fprintln(w, rec.Text)
		}
	case "markdown":
		_, err = io.WriteString(w, Markdown(r))
	case "html":
		err = Highlighted(w, r)
	case "xml":
		err = XML(w, r)
	case "tei":
		err = TEI(w, r)
	default:
		err = fmt.Errorf("render: unknown format %q", format)
	}
	return err
}

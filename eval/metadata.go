package eval

import (
	"fmt"
	"io"

	"github.com/boilernet/boilernet/metadata"
)

// MetadataPage is one page's extracted metadata with its annotation (a
// dataset's meta.tsv row: title, author, publish_date).
type MetadataPage struct {
	ID, PageType string
	// Annotated is the page's meta.tsv row.
	Annotated map[string]string
	// Metadata is what was extracted.
	Metadata *metadata.Metadata
	// ResultTitle is the extraction's title (infer.Result.Title); it is
	// scored when HasResult is set.
	ResultTitle string
	HasResult   bool
}

// FieldScore counts the outcomes of one metadata field over pages.
type FieldScore struct {
	Field string
	// Annotated counts the pages whose annotation has the field, Found
	// those of them where a value was extracted and Match those where it
	// is the annotated one; Spurious counts values extracted where the
	// annotation has none, out of Unannotated pages.
	Annotated, Found, Match, Spurious, Unannotated int
}

// MatchRate is Match over Annotated (0 without annotated pages).
func (s FieldScore) MatchRate() float64 {
	if s.Annotated == 0 {
		return 0
	}
	return float64(s.Match) / float64(s.Annotated)
}

// The fields ScoreMetadata scores, in the order it returns them.
const (
	FieldTitle       = "title (Metadata.Title)"
	FieldResultTitle = "title (Result.Title)"
	FieldAuthor      = "author"
	FieldDate        = "publish_date (by day)"
)

// ScoreMetadata scores the title (metadata.SameText), the first author
// (metadata.SameAuthors) and the publication day (metadata.SameDay) of
// pages against their annotation, and the result's title when every page
// has one. mismatch, if not nil, is called for every page whose value
// differs from its annotation (one of them may be empty).
func ScoreMetadata(pages []MetadataPage, mismatch func(p MetadataPage, field, annotated, found string)) []FieldScore {
	title, resTitle := FieldScore{Field: FieldTitle}, FieldScore{Field: FieldResultTitle}
	author, date := FieldScore{Field: FieldAuthor}, FieldScore{Field: FieldDate}
	withResults := len(pages) > 0
	for _, p := range pages {
		count := func(s *FieldScore, want, got string, same bool) {
			if mismatch != nil && !same && (want != "" || got != "") {
				mismatch(p, s.Field, want, got)
			}
			switch {
			case want != "":
				s.Annotated++
				if same {
					s.Match++
				}
				if got != "" {
					s.Found++
				}
			default:
				s.Unannotated++
				if got != "" {
					s.Spurious++
				}
			}
		}
		row, md := p.Annotated, p.Metadata
		count(&title, row["title"], md.Title, metadata.SameText(md.Title, row["title"]))
		if p.HasResult {
			count(&resTitle, row["title"], p.ResultTitle, metadata.SameText(p.ResultTitle, row["title"]))
		} else {
			withResults = false
		}
		first := ""
		if len(md.Authors) > 0 {
			first = md.Authors[0]
		}
		count(&author, row["author"], first, metadata.SameAuthors(md.Authors, row["author"]))
		count(&date, row["publish_date"], md.Published, metadata.SameDay(md.Published, row["publish_date"]))
	}
	if !withResults {
		return []FieldScore{title, author, date}
	}
	return []FieldScore{title, resTitle, author, date}
}

// WriteMetadataTable writes scores as a Markdown table.
func WriteMetadataTable(w io.Writer, scores []FieldScore) error {
	if _, err := fmt.Fprintln(w, "| field | annotated | found | match | match rate | found where not annotated |\n|---|---|---|---|---|---|"); err != nil {
		return err
	}
	for _, s := range scores {
		if _, err := fmt.Fprintf(w, "| %s | %d | %d | %d | %.3f | %d of %d |\n", s.Field, s.Annotated, s.Found, s.Match, s.MatchRate(), s.Spurious, s.Unannotated); err != nil {
			return err
		}
	}
	return nil
}

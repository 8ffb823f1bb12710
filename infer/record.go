package infer

import (
	"math"

	"github.com/boilernet/boilernet/metadata"
)

// Record is the part of an extraction that every output of it carries —
// extract's json and jsonl, the server's answer, a corpus record's line —
// with the JSON names they share.
type Record struct {
	// URL is the page's address (after redirects when it was fetched);
	// outputs that name the page's URL themselves shadow it.
	URL      string             `json:"url,omitempty"`
	Title    string             `json:"title,omitempty"`
	Text     string             `json:"text"`
	Metadata *metadata.Metadata `json:"metadata,omitempty"`
	Links    []Link             `json:"links,omitempty"`
	Images   []Image            `json:"images,omitempty"`
	Comments []Comment          `json:"comments,omitempty"`
	// Confidence is Result.Confidence, the token F1 the extraction
	// expects of itself; absent for a method that gives verdicts only.
	Confidence *float64 `json:"confidence,omitempty"`
	// Empty reports that no content text was found, and Warning why
	// (Result.EmptyReason), so that an empty text is never silent.
	Empty   bool   `json:"empty,omitempty"`
	Warning string `json:"warning,omitempty"`
}

// Record returns the result's URL, title, text, metadata, links and images,
// and whether (and why) its text is empty.
func (r *Result) Record() Record {
	rec := Record{URL: r.URL, Title: r.Title, Text: r.Text, Metadata: r.Metadata, Links: r.Links, Images: r.Images, Comments: r.Comments}
	if why := r.EmptyReason(); why != "" {
		rec.Empty, rec.Warning = true, why
	}
	if r.Confidence >= 0 {
		c := math.Round(r.Confidence*1000) / 1000
		rec.Confidence = &c
	}
	return rec
}

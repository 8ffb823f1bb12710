package infer

import "github.com/boilernet/boilernet/metadata"

// Record is the part of an extraction that every output of it carries —
// extract's json and jsonl, the server's answer, a corpus record's line —
// with the JSON names they share.
type Record struct {
	Title    string             `json:"title,omitempty"`
	Text     string             `json:"text"`
	Metadata *metadata.Metadata `json:"metadata,omitempty"`
	Links    []Link             `json:"links,omitempty"`
	Images   []Image            `json:"images,omitempty"`
}

// Record returns the result's title, text, metadata, links and images.
func (r *Result) Record() Record {
	return Record{Title: r.Title, Text: r.Text, Metadata: r.Metadata, Links: r.Links, Images: r.Images}
}

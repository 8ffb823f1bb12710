package render

import (
	"math"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
)

// Record is the JSON record of one page, the one every JSON output
// writes: boilernet extract's json and jsonl (one per page), the server's
// answer (serve.Response: the record, then the parts asked for), a corpus
// record's line (package records, and the Beam pipeline) and the C API's
// answer. The page is named by File (a page given as a file, a URL or by
// name) or by URL and Place (a corpus record); then comes what was
// extracted, or why nothing was; Encoding and Blocks are for the formats
// that show the blocks (json).
type Record struct {
	// File names the page as it was given: its path, its URL, or the name
	// it was sent with ("" for none, and for a corpus record).
	File string `json:"file,omitempty"`
	// URL is the page's address (after redirects when it was fetched; a
	// corpus record's target URI).
	URL string `json:"url,omitempty"`
	// Place is where a corpus record was read; nil for other pages.
	*Place
	Title    string             `json:"title,omitempty"`
	Text     string             `json:"text"`
	Metadata *metadata.Metadata `json:"metadata,omitempty"`
	Links    []infer.Link       `json:"links,omitempty"`
	Images   []infer.Image      `json:"images,omitempty"`
	Comments []infer.Comment    `json:"comments,omitempty"`
	// Confidence is Result.Confidence to three decimals, the token F1
	// the extraction expects of itself; nil for a method that gives
	// verdicts only.
	Confidence *float64 `json:"confidence,omitempty"`
	// Empty reports that no content text was found, and Warning why
	// (Result.EmptyReason), so that an empty text is never silent;
	// Warning also says when the text repeats an earlier page's.
	Empty   bool   `json:"empty,omitempty"`
	Warning string `json:"warning,omitempty"`
	// Error says why the page could not be extracted (or a corpus record
	// read), naming it.
	Error string `json:"error,omitempty"`
	// Skipped says why a page was left out (not HTML, not in a language
	// asked for); DuplicateOf names the earlier page whose whole text it
	// repeats (see package corpus).
	Skipped     string `json:"skipped,omitempty"`
	DuplicateOf string `json:"duplicate_of,omitempty"`
	// Encoding is the encoding the page was read with and Blocks its text
	// blocks with their verdicts (json).
	Encoding string        `json:"encoding,omitempty"`
	Blocks   []infer.Block `json:"blocks,omitempty"`
}

// Place is where a corpus record (WARC, JSONL) was read: its WARC
// identity, its file, and its offset (WARC) or line (JSONL).
type Place struct {
	WARCRecordID string `json:"warc_record_id,omitempty"`
	WARCDate     string `json:"warc_date,omitempty"`
	Source       string `json:"source"`
	Offset       int64  `json:"offset"`
	// InMember is the record's offset within its gzip member, for a
	// member of several records (0 otherwise).
	InMember int64 `json:"offset_in_member,omitempty"`
	Line     int   `json:"line,omitempty"` // JSONL input
}

// NewRecord returns the record of r, the page named file: its URL,
// title, text, metadata, links, images and comments, its confidence, and
// whether (and why) its text is empty. Encoding and Blocks are left for
// the formats that show them.
func NewRecord(file string, r *infer.Result) Record {
	rec := Record{File: file, URL: r.URL, Title: r.Title, Text: r.Text, Metadata: r.Metadata, Links: r.Links, Images: r.Images, Comments: r.Comments}
	if why := r.EmptyReason(); why != "" {
		rec.Empty, rec.Warning = true, why
	}
	if r.Confidence >= 0 {
		c := math.Round(r.Confidence*1000) / 1000
		rec.Confidence = &c
	}
	return rec
}

// Package labelset turns a page labeled by hand, block by block, into an
// entry of a dataset folder that package data reads: the page's HTML as
// it was extracted, its gold text, and its block labels beside them.
//
// An entry with id ID is
//
//	html/ID.html     the page's bytes
//	gold/ID.txt      the gold text, in the plain (Dragnet) format
//	labels/ID.json   the labels as given, block by block (Labels)
//	train.txt, dev.txt or test.txt   the id, on a line of its own
//	meta.tsv         a row: the id and the page's URL
//
// Build makes an entry's files in memory (the browser extension saves
// them through the browser's downloads); Dir.Save writes them into a
// folder (boilernet serve -label-dir), which it never lets a name escape,
// and never overwrites an entry.
//
// The gold text is the text of the blocks labeled content or headline,
// one a line, in page order; the blocks labeled comments follow a
// comments separator line, so that they count as content only where
// comments do (data.Options.WithComments, train -comments). package data
// labels the page's blocks by aligning it to this text, which gives back
// the labels given except where the same words are elsewhere on the page
// in an order the alignment prefers; Entry.Agree counts the blocks where
// it does.
package labelset

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// Label is what a person says one text block is.
type Label uint8

const (
	// Boilerplate is everything that is not the main content: menus,
	// links, ads, footers.
	Boilerplate Label = iota
	// Content is the main content.
	Content
	// Headline is the main content's headline (content in the gold).
	Headline
	// Comments are the readers' comments (content only with comments).
	Comments
)

var labelNames = []string{"boilerplate", "content", "headline", "comments"}

// LabelNames returns the names of the labels, in the order of their values.
func LabelNames() []string { return slices.Clone(labelNames) }

// String returns the label's name: boilerplate, content, headline or
// comments.
func (l Label) String() string {
	if int(l) < len(labelNames) {
		return labelNames[l]
	}
	return fmt.Sprintf("Label(%d)", l)
}

// ParseLabel reads a label's name.
func ParseLabel(s string) (Label, error) {
	if i := slices.Index(labelNames, s); i >= 0 {
		return Label(i), nil
	}
	return 0, fmt.Errorf("unknown label %q (want %s)", s, strings.Join(labelNames, ", "))
}

// Kept reports whether the label keeps the block in the gold text as
// content (content and headline).
func (l Label) Kept() bool { return l == Content || l == Headline }

// MarshalText writes the label's name.
func (l Label) MarshalText() ([]byte, error) {
	if int(l) >= len(labelNames) {
		return nil, fmt.Errorf("labelset: no such label %d", l)
	}
	return []byte(labelNames[l]), nil
}

// UnmarshalText reads a label's name.
func (l *Label) UnmarshalText(b []byte) error {
	v, err := ParseLabel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Page is a labeled page to save.
type Page struct {
	// ID is the page's id in the dataset, as ID returns it.
	ID string
	// Split is the split the page goes to: train, dev or test.
	Split string
	// URL is the page's address ("" when unknown).
	URL string
	// HTML is the page's bytes as they were extracted, and Charset the
	// charset label they were read with ("" when they were not given
	// one: from a Content-Type header, say). The browser extension's page
	// is its DOM serialized, in UTF-8.
	HTML    []byte
	Charset string
	// Labels holds one label per text block of the page, as
	// tokenize.Parse cuts it (infer.Result's blocks are those), in order.
	Labels []Label
}

// Entry is a page made into a dataset entry's files.
type Entry struct {
	ID, Split, URL string
	// HTML is html/ID.html: the page's bytes, unchanged; or, when the
	// page's bytes read without its Charset (as data reads them) give
	// other text, the page decoded to UTF-8 (Converted is then the
	// charset it was decoded from).
	HTML      []byte
	Converted string
	// Gold is gold/ID.txt.
	Gold string
	// Labels is labels/ID.json.
	Labels []byte
	// Blocks counts the page's blocks, Kept those labeled content or
	// headline and Words the words in them (tokenize.CountWords);
	// Comments counts the blocks labeled comments.
	Blocks, Kept, Words, Comments int
	// Agree counts the blocks to which package data, aligning the page to
	// Gold, gives the labels given (content and headline as content,
	// comments and boilerplate as not), comments not counting as content.
	Agree int
}

// Labels is the content of a labels/ID.json file.
type Labels struct {
	// Format is the file's format version (1).
	Format int    `json:"format"`
	ID     string `json:"id"`
	URL    string `json:"url,omitempty"`
	Split  string `json:"split"`
	// Encoding is the charset the page was decoded from.
	Encoding string `json:"encoding"`
	// Blocks are the page's text blocks in order with their labels.
	Blocks []LabeledBlock `json:"blocks"`
}

// LabeledBlock is one block of a labels file.
type LabeledBlock struct {
	Label Label  `json:"label"`
	Text  string `json:"text"`
}

// labelsFormat is the version of the labels file written.
const labelsFormat = 1

// maxLabelsFile bounds the labels file ParseLabels reads.
const maxLabelsFile = 64 << 20

// ParseLabels reads a labels file.
func ParseLabels(raw []byte) (*Labels, error) {
	if len(raw) > maxLabelsFile {
		return nil, fmt.Errorf("labels file of %d bytes: more than %d MiB", len(raw), maxLabelsFile>>20)
	}
	var l Labels
	if err := json.Unmarshal(raw, &l); err != nil {
		return nil, fmt.Errorf("labels file: %w", err)
	}
	if l.Format != labelsFormat {
		return nil, fmt.Errorf("labels file: format %d, want %d", l.Format, labelsFormat)
	}
	if err := checkID(l.ID); err != nil {
		return nil, fmt.Errorf("labels file: %w", err)
	}
	if !slices.Contains(data.Splits(), l.Split) {
		return nil, fmt.Errorf("labels file: split %q, want one of %s", l.Split, strings.Join(data.Splits(), ", "))
	}
	return &l, nil
}

// ReadLabels reads the labels file of entry id in a dataset folder dir
// (dir/labels/ID.json, as Dir.Save writes it); errors name the file.
func ReadLabels(dir, id string) (*Labels, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "labels", id+".json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	l, err := ParseLabels(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return l, nil
}

// ErrSplit is wrapped by the error of a split that is not train, dev or
// test; ErrURL by that of a URL with a tab or a line break (which
// meta.tsv cannot hold).
var (
	ErrSplit = errors.New("bad split")
	ErrURL   = errors.New("bad URL")
)

// ErrBlocks is wrapped by Build's error when the labels do not fit the
// page's blocks.
var ErrBlocks = errors.New("labels do not match the page's blocks")

// Build makes p's entry: it parses the page as its labels were given for
// (tokenize.Parse with p.Charset), checks that there is one label per
// block and that package data reads the same blocks from the HTML it
// will save, writes the gold text and the labels file, and counts how
// many blocks data's alignment labels as given.
func Build(p Page) (*Entry, error) {
	if err := checkID(p.ID); err != nil {
		return nil, err
	}
	if !slices.Contains(data.Splits(), p.Split) {
		return nil, fmt.Errorf("page %s: %w %q, want one of %s", p.ID, ErrSplit, p.Split, strings.Join(data.Splits(), ", "))
	}
	if strings.ContainsAny(p.URL, "\t\r\n") {
		return nil, fmt.Errorf("page %s: %w %q: holds a tab or a line break", p.ID, ErrURL, p.URL)
	}
	page, err := tokenize.Parse(p.HTML, tokenize.Options{Charset: p.Charset})
	if err != nil {
		return nil, fmt.Errorf("page %s: %w", p.ID, err)
	}
	if len(page.Blocks) != len(p.Labels) {
		return nil, fmt.Errorf("page %s: %w: %d blocks, %d labels", p.ID, ErrBlocks, len(page.Blocks), len(p.Labels))
	}
	for i, l := range p.Labels {
		if int(l) >= len(labelNames) {
			return nil, fmt.Errorf("page %s: block %d: no such label %d", p.ID, i, l)
		}
	}
	e := &Entry{ID: p.ID, Split: p.Split, URL: p.URL, HTML: p.HTML, Blocks: len(page.Blocks)}
	// package data reads the saved bytes without a charset: they must
	// give the same blocks, or be saved decoded.
	asRead, err := tokenize.Parse(p.HTML, tokenize.Options{})
	if err != nil || !sameText(asRead.Blocks, page.Blocks) {
		e.HTML = []byte(tokenize.Decode(p.HTML, p.Charset).Text)
		e.Converted = page.Encoding
		asRead, err = tokenize.Parse(e.HTML, tokenize.Options{})
		if err != nil {
			return nil, fmt.Errorf("page %s decoded from %s: %w", p.ID, page.Encoding, err)
		}
		if !sameText(asRead.Blocks, page.Blocks) {
			return nil, fmt.Errorf("page %s: %w: read as a dataset page reads, its %d blocks differ from the %d labeled", p.ID, ErrBlocks, len(asRead.Blocks), len(page.Blocks))
		}
	}
	e.Gold = goldText(page.Blocks, p.Labels)
	lf := Labels{Format: labelsFormat, ID: p.ID, URL: p.URL, Split: p.Split, Encoding: page.Encoding, Blocks: make([]LabeledBlock, len(page.Blocks))}
	for i, b := range page.Blocks {
		lf.Blocks[i] = LabeledBlock{Label: p.Labels[i], Text: b.Text}
		switch {
		case p.Labels[i].Kept():
			e.Kept++
			e.Words += b.Words
		case p.Labels[i] == Comments:
			e.Comments++
		}
	}
	if e.Labels, err = json.MarshalIndent(lf, "", "  "); err != nil {
		return nil, err
	}
	e.Labels = append(e.Labels, '\n')
	aligned := data.Label(page.Blocks, data.ParsePlain(e.Gold, false))
	for i, l := range p.Labels {
		if aligned.Labels[i] == l.Kept() {
			e.Agree++
		}
	}
	return e, nil
}

// sameText reports whether two readings of a page have the same blocks.
func sameText(a, b []tokenize.Block) bool {
	return slices.EqualFunc(a, b, func(x, y tokenize.Block) bool { return x.Text == y.Text })
}

// CommentsSeparator is the line between the content and the comments of
// the gold text (the Dragnet format's).
const CommentsSeparator = "!@#$%^&*()  COMMENTS"

var (
	// cleanEvalStart is a line that would make package data read the
	// gold as CleanEval text (data.IsCleanEval).
	cleanEvalStart = regexp.MustCompile(`(?i)^(<(p|h|l)>|URL:)`)
	// separatorLike is a line that data.ParsePlain would take for the
	// comments separator.
	separatorLike = regexp.MustCompile(`[$%^&*].*COMMENTS\s*$`)
)

// goldText writes the blocks labeled content or headline, one a line,
// then, when some are labeled comments, the separator and those. A line
// that package data would read as markup of the gold format gets a "- "
// before it or a " -" after it, which the alignment's tokens leave out.
func goldText(blocks []tokenize.Block, labels []Label) string {
	var content, comments []string
	for i, b := range blocks {
		line := strings.Join(strings.Fields(b.Text), " ")
		if line == "" {
			continue
		}
		if cleanEvalStart.MatchString(line) {
			line = "- " + line
		}
		if separatorLike.MatchString(line) {
			line += " -"
		}
		switch {
		case labels[i].Kept():
			content = append(content, line)
		case labels[i] == Comments:
			comments = append(comments, line)
		}
	}
	var sb strings.Builder
	for _, l := range content {
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	if len(comments) > 0 {
		sb.WriteString(CommentsSeparator + "\n")
		for _, l := range comments {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
